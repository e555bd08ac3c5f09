import Foundation

/// The slp processes lighttpd runs for an `slp serve` whose private directory is under
/// `scratch` (its `TMPDIR`), told apart by `GATEWAY_INTERFACE`, which only a CGI process has.
enum ServeProcesses {
    /// The SCGI workers.
    static func workers(under scratch: String) -> [Int32] { processes(under: scratch, cgi: false) }

    /// The CGI processes (long polls of `/v1/events`).
    static func cgi(under scratch: String) -> [Int32] { processes(under: scratch, cgi: true) }

    private static func processes(under scratch: String, cgi: Bool) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = Int32(entry),
                  let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
                  String(decoding: command, as: UTF8.self).hasPrefix(scratch + "/"),
                  let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ")
            else { return nil }
            let isCGI = String(decoding: environment, as: UTF8.self).split(separator: "\u{0}").contains { $0.hasPrefix("GATEWAY_INTERFACE=") }
            return isCGI == cgi ? pid : nil
        }
    }
}
