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
import SLPWebClient

/// `slp serve`'s private directory (0700, removed when it stops): the document root with `v1`
/// (a link to this slp), the web client's files, lighttpd's configuration, its error pages, size
/// refusals and connection limit, its upload directory, the FIFO its access lines come through,
/// the sockets of slp's SCGI workers and health answerer, and the file of the write buckets they
/// share.
package final class ServeDirectory: Sendable {
    let path: String
    var root: String { path + "/root" }
    /// The web client's document root: `index.html`, `app/<hash>/…` and `vendor/leaflet`, a link
    /// to Debian's Leaflet (nothing else of the directory is reachable from it).
    var web: String { path + "/web" }
    /// A folder serve never makes: lighttpd finds no file under it (404).
    var nowhere: String { path + "/nowhere" }
    /// Where lighttpd keeps the compressed copies of the web client's files.
    var compressedFiles: String { path + "/compressed" }
    var uploads: String { path + "/uploads" }
    var configuration: String { path + "/lighttpd.conf" }
    var accessLog: String { path + "/access" }
    /// Where serve makes the SCGI workers' listening sockets (`scgi-0`, `scgi-1`, …).
    var workerSocket: String { path + "/scgi" }
    /// Where serve makes the health answerer's listening socket (`/healthz`).
    var healthSocket: String { path + "/health" }
    /// Where the realtime hub listens for what lighttpd hands it.
    var hubSocket: String { path + "/hub" }
    /// lighttpd's error pages are this followed by the status and `.html`.
    var errorPagePrefix: String { path + "/errors/status-" }
    /// The script that limits the connections of one address.
    var connectionLimit: String { path + "/connection-limit.lua" }
    /// The script that refuses a long URL (414) or a large head (431).
    var requestSize: String { path + "/request-size.lua" }
    /// lighttpd's error pages for `/healthz` are this followed by the status and `.html`.
    var healthErrorPagePrefix: String { path + "/errors/health-" }
    /// The file the push sender holds locked while it runs (`PresenceLock`).
    var pushSenderLock: String { path + "/push-sender.lock" }
    /// The document root of the metrics listener: `metrics`, a link to this slp.
    var metricsRoot: String { path + "/metrics-root" }
    /// What serve's processes count (`MetricsFile`).
    var metricsFile: String { path + "/metrics" }
    /// Every user's write buckets, which slp's workers and CGI processes make and share.
    var writeLimits: String { path + "/write-limits" }

    /// Made under `temporaryDirectory` (slp's `$TMPDIR`), or /tmp when that is nil or holds
    /// characters a configuration string cannot.
    package init(temporaryDirectory: String?) throws {
        var base = temporaryDirectory ?? "/tmp"
        if !base.hasPrefix("/") || base.contains(where: { "\"\\'".contains($0) || $0.isNewline }) { base = "/tmp" }
        var template = Array((base.hasSuffix("/") ? base : base + "/").utf8CString.dropLast()) + Array("slp-serve.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw ServeError.cannotMakeDirectory(base: base, reason: String(cString: strerror(errno)))
        }
        path = String(cString: made)
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
            try FileManager.default.createDirectory(atPath: uploads, withIntermediateDirectories: false)
            try FileManager.default.createDirectory(atPath: web, withIntermediateDirectories: false)
            try FileManager.default.createDirectory(atPath: compressedFiles, withIntermediateDirectories: false)
            try FileManager.default.createDirectory(atPath: path + "/errors", withIntermediateDirectories: false)
            guard mkfifo(accessLog, 0o600) == 0 else { throw ServeError.cannotMakeFIFO(in: path) }
        } catch {
            remove()
            throw error
        }
    }

    /// Links `v1` (and each other root of the workers' paths) to the program lighttpd runs for
    /// the API: this very slp.
    func linkProgram(_ executable: String) throws(ServeError) {
        for name in LighttpdConfiguration.workerRoots where symlink(executable, root + "/" + name) != 0 {
            throw .cannotLink(program: executable, into: root)
        }
    }

    /// Writes lighttpd's configuration, with the error pages, the size refusals and the
    /// connection limit (its `connectionsPerAddress`) it names, their refusals worded by `errorObject`.
    func write(_ lighttpd: LighttpdConfiguration, errorObject: (HTTPRefusal) -> String) throws(ServeError) {
        var files = [
            (configuration, lighttpd.text),
            (connectionLimit, ConnectionLimitScript.text(limit: lighttpd.connectionsPerAddress, errorObject: errorObject)),
            (requestSize, RequestSizeScript.text(errorObject: errorObject)),
        ]
        for page in LighttpdErrorPages.pages {
            files.append((errorPagePrefix + "\(page.status).html", errorObject(page) + "\n"))
        }
        // No worker answered `/healthz`: lighttpd's own refusal says so in the health check's words.
        for status in LighttpdErrorPages.gatewayStatuses {
            files.append((healthErrorPagePrefix + "\(status).html", HealthReport(failed: [.workers]).json + "\n"))
        }
        for (file, contents) in files where !FileManager.default.createFile(atPath: file, contents: Data(contents.utf8)) {
            throw .cannotWrite(file)
        }
    }

    /// Writes the web client's `files` (`WebClientFiles.served`) into `web`, and links
    /// `vendor/leaflet` there to `leaflet` when that folder exists; whether it does.
    func write(webClient files: [WebClientFile], leaflet: String) throws(ServeError) -> Bool {
        for file in files {
            let target = web + "/" + file.path
            let folder = String(target[..<(target.lastIndex(of: "/") ?? target.endIndex)])
            guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil,
                  FileManager.default.createFile(atPath: target, contents: Data(file.bytes))
            else { throw .cannotWrite(target) }
        }
        var status = stat()
        guard stat(leaflet, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return false }
        guard mkdir(web + "/vendor", 0o755) == 0, symlink(leaflet, web + "/vendor/leaflet") == 0 else {
            throw .cannotLink(program: leaflet, into: web + "/vendor")
        }
        return true
    }

    /// Links `metrics` in its own document root (the API's has none) to this slp.
    func linkMetricsProgram(_ executable: String) throws(ServeError) {
        guard mkdir(metricsRoot, 0o700) == 0, symlink(executable, metricsRoot + "/metrics") == 0 else {
            throw .cannotLink(program: executable, into: metricsRoot)
        }
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
