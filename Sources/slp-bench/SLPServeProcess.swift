import Foundation

/// `slp serve` on a free port of 127.0.0.1 over one store, ready once it says where it listens.
final class SLPServeProcess {
    let port: UInt16
    private let process: ServerProcess
    /// `slp serve` makes its private directory (lighttpd's configuration, document root) here.
    private let temporary: String

    /// `environment` is added to what every serve gets (the push sender's FCM endpoint and CAs).
    init(slp: String, database: String, scratch: String, name: String, options: [String] = [], environment: [String] = []) throws {
        port = try HTTPClient.freePort()
        temporary = "\(scratch)/\(name)-tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        process = try ServerProcess(
            [slp, "serve", "--port", "\(port)"] + options, environment: Self.environment(database: database, temporary: temporary) + environment,
            scratch: "\(scratch)/\(name)")
        try process.wait(60) { process.errorText.contains("Ctrl-C stops") }
    }

    /// What `slp serve`, and through it lighttpd and the CGI processes, get.
    static func environment(database: String, temporary: String) -> [String] {
        ["PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin", "HOME=\(NSHomeDirectory())", "LANG=C.UTF-8", "TMPDIR=\(temporary)",
         "SLP_DB=\(database)"]
    }

    /// lighttpd's configuration as `slp serve` generated it, the private directory it names, and
    /// the files there it reads besides (its error pages and its Lua scripts: the connection
    /// limit, the request's size), by relative path.
    func configuration() throws -> ServeConfiguration {
        guard let name = try FileManager.default.contentsOfDirectory(atPath: temporary).first(where: { $0.hasPrefix("slp-serve.") }) else {
            throw LoadFailure("slp serve's directory not found in \(temporary)")
        }
        let directory = "\(temporary)/\(name)"
        let scripts = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".lua") }.sorted()
        let named = scripts + (try FileManager.default.contentsOfDirectory(atPath: directory + "/errors")).map { "errors/" + $0 }
        let files = try named.map { ($0, try Data(contentsOf: URL(fileURLWithPath: directory + "/" + $0))) }
        let text = try String(contentsOfFile: directory + "/lighttpd.conf", encoding: .utf8)
        return ServeConfiguration(text: text, directory: directory, files: files)
    }

    /// The `slp serve` process, above lighttpd, the hub and the workers.
    var pid: pid_t { process.pid }

    /// Lines slp serve wrote to standard error (one per request, and its own).
    var log: String { process.errorText }

    func stop() {
        process.stop()
    }
}
