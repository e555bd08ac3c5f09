import Foundation
import XCTest

/// `slp serve` on a free port of 127.0.0.1 with a real lighttpd, ready once it says where it
/// listens (no guessed sleep), stopped with SIGTERM.
final class ServedSLP {
    let process: BackgroundSLP
    let port: Int
    let client: HTTPTestClient

    /// Bounds a machine five times slower than a developer's meets.
    static let startBound = 60.0

    /// On `port`, or a free one of the machine's when nil.
    init(_ slp: SLPBinary, environment: [String: String] = [:], options: [String] = [], port: Int? = nil) throws {
        self.port = try port ?? HTTPTestClient.freePort()
        client = HTTPTestClient(port: self.port)
        var extra = environment
        extra["PATH"] = "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"
        process = try BackgroundSLP(slp, ["serve", "--port", String(self.port)] + options, environment: extra)
        guard process.waitUntil(ServedSLP.startBound, { $0.stderr.contains("Ctrl-C stops") || !$0.isRunning }), process.isRunning else {
            throw HTTPTestError("slp serve did not start: \(process.stderr)")
        }
    }

    /// SIGTERM; the exit status.
    func stop() -> Int32? {
        process.signal(SIGTERM)
        return process.exit()
    }

    deinit {
        if process.isRunning { _ = stop() }
    }
}
