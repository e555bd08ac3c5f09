import Foundation

/// A private redis-server on loopback for the length of the benchmark.
final class RedisServer {
    let port: UInt16
    private let process = Process()

    /// Starts `redis-server` if installed; nil (with the reason printed) otherwise.
    static func start(port: UInt16) -> RedisServer? {
        guard let path = Shell.which("redis-server") else {
            print("note: redis-server is not installed (apt-get install redis-server); Redis anchors are skipped")
            return nil
        }
        let server = RedisServer(port: port, path: path)
        do {
            try server.process.run()
        } catch {
            print("note: cannot start redis-server: \(error)")
            return nil
        }
        for _ in 0..<100 {
            if (try? RESPClient(port: port).call(["PING"])) == .simple("PONG") { return server }
            usleep(50_000)
        }
        print("note: redis-server did not answer on port \(port)")
        server.stop()
        return nil
    }

    private init(port: UInt16, path: String) {
        self.port = port
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [
            "--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
            "--slowlog-log-slower-than", "0", "--slowlog-max-len", "100000",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    deinit { stop() }
}
