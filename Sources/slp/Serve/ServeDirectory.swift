#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `slp serve`'s private directory (0700, removed when it stops): the document root with `v1`
/// (a link to this slp), lighttpd's configuration, its error pages and connection limit, its
/// upload directory, the FIFO its access lines come through and the sockets of slp's SCGI workers.
final class ServeDirectory {
    let path: String
    var root: String { path + "/root" }
    var uploads: String { path + "/uploads" }
    var configuration: String { path + "/lighttpd.conf" }
    var accessLog: String { path + "/access" }
    /// Where lighttpd makes the SCGI workers' listening sockets (`scgi-0`, `scgi-1`, …).
    var workerSocket: String { path + "/scgi" }
    /// Where the realtime hub listens for what lighttpd hands it.
    var hubSocket: String { path + "/hub" }
    /// lighttpd's error pages are this followed by the status and `.html`.
    var errorPagePrefix: String { path + "/errors/status-" }
    /// The script that limits the connections of one address.
    var connectionLimit: String { path + "/connection-limit.lua" }

    /// Made under `$TMPDIR` (or /tmp when that is unset or holds characters a configuration
    /// string cannot).
    init(environment: ProcessEnvironment) throws {
        var base = environment["TMPDIR"] ?? "/tmp"
        if !base.hasPrefix("/") || base.contains(where: { "\"\\'".contains($0) || $0.isNewline }) { base = "/tmp" }
        var template = Array((base.hasSuffix("/") ? base : base + "/").utf8CString.dropLast()) + Array("slp-serve.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw Failure(code: "serve_directory", status: nil, message: "cannot make a directory in \(base): \(String(cString: strerror(errno)))", exitCode: .ioError)
        }
        path = String(cString: made)
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
            try FileManager.default.createDirectory(atPath: uploads, withIntermediateDirectories: false)
            try FileManager.default.createDirectory(atPath: path + "/errors", withIntermediateDirectories: false)
            guard mkfifo(accessLog, 0o600) == 0 else { throw Failure(code: "serve_directory", status: nil, message: "cannot make a FIFO in \(path)", exitCode: .ioError) }
        } catch {
            remove()
            throw error
        }
    }

    /// Links `v1` to the program lighttpd runs for the API: this very slp.
    func linkProgram(_ executable: String) throws {
        guard symlink(executable, root + "/v1") == 0 else {
            throw Failure(code: "serve_directory", status: nil, message: "cannot link \(executable) into \(root)", exitCode: .ioError)
        }
    }

    /// Writes lighttpd's configuration `text`, with the error pages and the connection limit it names.
    func write(configuration text: String) throws {
        var files = [(configuration, text), (connectionLimit, ConnectionLimitScript.text)]
        for page in LighttpdErrorPages.pages {
            let document = LighttpdErrorPages.document(status: page.status, code: page.code, message: page.message)
            files.append((errorPagePrefix + "\(page.status).html", document))
        }
        for (file, contents) in files where !FileManager.default.createFile(atPath: file, contents: Data(contents.utf8)) {
            throw Failure(code: "serve_directory", status: nil, message: "cannot write \(file)", exitCode: .ioError)
        }
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
