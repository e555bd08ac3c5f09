#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// One TLS connection to `slp serve` through `openssl s_client`, which trusts only the test's CA,
/// handed to the test as a plain stream socket: what the test writes there goes to the server
/// encrypted, the server's answer comes back clear, and the socket ends when the server closes
/// the connection. So the raw clients of plain HTTP (`WebSocketTestClient`) speak HTTPS and wss
/// as they are.
final class TLSTunnel {
    /// The test's end of the connection, which the client given it closes.
    let descriptor: Int32
    private let process = Process()

    init(port: Int, caPath: String) throws {
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0 else { throw HTTPTestError("socketpair: \(errno)") }
        let theirs = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        // `-quiet`: nothing but the server's bytes on standard output, and no command read from the input.
        process.arguments = [
            "s_client", "-quiet", "-verify_return_error", "-CAfile", caPath, "-servername", "localhost", "-connect", "127.0.0.1:\(port)",
        ]
        process.standardInput = theirs
        process.standardOutput = theirs
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            close(ends[0])
            throw error
        }
        try? theirs.close()
        descriptor = ends[0]
    }

    deinit {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
