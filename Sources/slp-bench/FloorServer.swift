import Foundation

/// The floor: the same lighttpd with the configuration `slp serve --cgi` generates, word for
/// word but for its directory and port, running the floor's C program as a CGI program for
/// `/v1` instead of slp.
final class FloorServer {
    let port: UInt16
    private let process: ServerProcess

    init(program: String, serveConfiguration: ServeConfiguration, servePort: UInt16, directory: String, environment: [String]) throws {
        guard let lighttpd = ["/usr/sbin/lighttpd", "/usr/local/sbin/lighttpd", "/usr/bin/lighttpd"].first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        }) ?? Shell.which("lighttpd") else { throw LoadFailure("lighttpd not found (apt-get install lighttpd)") }
        port = try HTTPClient.freePort()
        try? FileManager.default.removeItem(atPath: directory)
        for sub in ["root", "uploads", "errors"] {
            try FileManager.default.createDirectory(atPath: "\(directory)/\(sub)", withIntermediateDirectories: true)
        }
        for file in serveConfiguration.files { try file.contents.write(to: URL(fileURLWithPath: "\(directory)/\(file.path)")) }
        try FileManager.default.createSymbolicLink(atPath: "\(directory)/root/v1", withDestinationPath: program)
        // The access lines go to a file (through the same piped logger) instead of slp serve.
        let text = serveConfiguration.text.replacingOccurrences(of: serveConfiguration.directory, with: directory)
            .replacingOccurrences(of: "server.port = \(servePort)\n", with: "server.port = \(port)\n")
        guard text.contains("server.port = \(port)\n") else { throw LoadFailure("slp serve's configuration names no port line") }
        guard !text.contains("scgi.server") else { throw LoadFailure("slp serve's configuration keeps its workers where the floor needs CGI") }
        try text.write(toFile: "\(directory)/lighttpd.conf", atomically: true, encoding: .utf8)
        // Every variable the configuration passes on (`env.NAME`) must be set for lighttpd to read
        // it; those serve makes itself (the write limits' file, the hub's socket) are empty here:
        // the floor's program reads none.
        let named = Set(text.components(separatedBy: "env.").dropFirst().map { String($0.prefix { $0.isUppercase || $0 == "_" || $0.isNumber }) })
        let given = Set(environment.map { String($0.prefix { $0 != "=" }) })
        let filled = environment + named.subtracting(given).sorted().map { $0 + "=" }
        process = try ServerProcess([lighttpd, "-D", "-f", "\(directory)/lighttpd.conf"], environment: filled, scratch: "\(directory)/lighttpd")
        let client = HTTPClient(port: port)
        try process.wait(60) { client.accepts() }
    }

    func stop() {
        process.stop()
    }
}
