#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The loop of `TerminalInput`'s thread: waits on the terminal and the wake pipe, decodes
/// keys, reports sizes, ends at the end of input or when told to stop.
final class InputReader: @unchecked Sendable {
    // Sendable by hand: after `init` it is used by the reader thread alone.
    static let resizeByte = UInt8(ascii: "W")
    static let stopByte = UInt8(ascii: "S")
    /// How long an unfinished escape sequence may wait for its rest: a lone Escape key.
    static let escapeWait: Int32 = 50

    private let input: Int32
    private let output: Int32
    private let wake: Int32
    private let continuation: AsyncStream<TerminalEvent>.Continuation
    private var decoder = KeyDecoder()

    init(input: Int32, output: Int32, wake: Int32, continuation: AsyncStream<TerminalEvent>.Continuation) {
        self.input = input
        self.output = output
        self.wake = wake
        self.continuation = continuation
    }

    func run() {
        defer { continuation.finish() }
        // This thread takes SIGWINCH whatever the thread that started it blocks.
        var windowChange = sigset_t()
        sigemptyset(&windowChange)
        sigaddset(&windowChange, SIGWINCH)
        pthread_sigmask(SIG_UNBLOCK, &windowChange, nil)
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&descriptors, 2, decoder.hasPending ? Self.escapeWait : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if ready == 0 {
                decoder.flush()
                continue
            }
            if descriptors[1].revents != 0 {
                var resized = false
                while true {
                    let count = read(wake, &buffer, buffer.count)
                    guard count > 0 else { break }
                    if buffer[0..<count].contains(Self.stopByte) { return }
                    resized = true
                }
                if resized { continuation.yield(.resized(TerminalSize.of(descriptor: output) ?? .standard)) }
            }
            if descriptors[0].revents != 0 {
                let count = read(input, &buffer, buffer.count)
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                // The end of input (the terminal hung up) or an error: no more keys will come.
                guard count > 0 else { return }
                let keys = decoder.feed(buffer[0..<count])
                if !keys.isEmpty { continuation.yield(.keys(keys)) }
            }
        }
    }
}
