#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SLPSupport
import SLPWebServer

/// One connection from the web server to an SCGI worker: a request read from it, its answer
/// written to it, closed when released.
final class SCGIConnection {
    let descriptor: Int32
    /// Bytes read past the headers: the body's first bytes.
    private var pending: ArraySlice<UInt8> = []
    /// Whether the request read is the health answerer's probe (`WorkerProbe`), which only asks
    /// whether this worker takes requests.
    private(set) var isHealthProbe = false

    /// A request the server does not finish sending within this many seconds is dropped, so a
    /// stalled connection cannot hold the worker.
    static let readTimeout = 30

    init(descriptor: Int32) {
        self.descriptor = descriptor
        var timeout = timeval(tv_sec: Self.readTimeout, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(descriptor) }

    /// What the server may still send after the answer (the rest of a body too large to read)
    /// is read and dropped up to this much; the server's own limit is lower.
    static let drainLimit = 2 * 1024 * 1024

    /// Ends the connection once the answer is written: says so, then reads what the server still
    /// sends until it closes its side, so that closing never resets the connection (and with
    /// it the answer) under unread request bytes.
    func end() {
        shutdown(descriptor, Int32(SHUT_WR))
        var drained = 0
        while drained < Self.drainLimit, let chunk = FileDescriptorInput.read(from: descriptor, upTo: 65_536) {
            drained += chunk.count
        }
    }

    /// The request, as a CGI program would have read it from its variables and input.
    func readRequest() -> Result<CGIRequest, Failure> {
        var buffer: [UInt8] = []
        while true {
            switch SCGIHeaders.frame(buffer) {
            case .invalid:
                return .failure(APIFailure.malformed("a request that is not SCGI"))
            case .incomplete:
                guard let chunk = FileDescriptorInput.read(from: descriptor, upTo: 16_384) else {
                    return .failure(APIFailure.malformed("a request that ended before its headers did"))
                }
                buffer += chunk
            case .complete(let variables, let consumed):
                pending = buffer[consumed...]
                isHealthProbe = variables[WorkerProbe.probeVariable] == "1"
                return CGIRequestReader.read(variable: { variables[$0] }, input: input)
            }
        }
    }

    /// The body's next bytes, at most `limit`: what came with the headers first.
    private func input(_ limit: Int) -> [UInt8]? {
        guard pending.isEmpty else {
            let chunk = Array(pending.prefix(limit))
            pending = pending.dropFirst(chunk.count)
            return chunk
        }
        return FileDescriptorInput.read(from: descriptor, upTo: limit)
    }
}
