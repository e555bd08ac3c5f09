import SLPSupport
import SLPWebClient

/// The configuration `slp serve` hands lighttpd: one private directory whose document root
/// holds `v1` (and each other root of `RouteTable`'s worker paths), this slp. Every path but the
/// hub's goes to the `workers` SCGI workers serve runs (so that every answer is slp's JSON),
/// each on its own socket, keeping the database open. Every waiting client (the hub's paths in
/// `RouteTable`: `/v1/events` long polls, Socket.IO's `/socket.io/`) goes to the realtime hub
/// over a Unix socket (mod_proxy, upgrades enabled). The environment CGI programs need is
/// passed by name (`env.NAME`), so that no value (a PostgreSQL password) is written to a file.
///
/// Facing strangers: lighttpd's own refusals carry slp's JSON error object
/// (`LighttpdErrorPages`); one address holds at most `connectionsPerAddress` connections (the
/// client's address, behind a trusted proxy); a request whose headers or body stop coming for `readIdleSeconds` is dropped, as
/// is an answer its client stops reading for `writeIdleSeconds`; and as many connections are
/// open to all as the file limit allows.
package struct LighttpdConfiguration: Sendable {
    let directory: ServeDirectory
    let host: String
    let port: Int
    /// The variables slp's CGI processes get, read from lighttpd's own environment.
    let passed: [String]
    /// How many SCGI workers serve runs; nil: none, every path runs slp as CGI.
    let workers: Int?
    /// The file descriptors lighttpd may use (the hard limit of the process that starts it).
    let maxFDs: Int
    /// Peers whose `X-Forwarded-For` names the client (`--trusted-proxy`); none: every peer is
    /// its own client.
    var trustedProxies: [TrustedProxy] = []
    /// Connections one address may hold at once (`--connections-per-address`).
    var connectionsPerAddress = ConnectionLimitScript.defaultPerAddress
    /// The certificate and key of HTTPS; nil: plain HTTP.
    var tls: TLSFiles? = nil
    /// The metrics listener (`--metrics`), nil: none.
    var metrics: TCPAddress? = nil
    /// The Firebase web app the page signs in with (`SLP_FIREBASE_WEB_CONFIG`), which its policy
    /// lets in; nil: sign-in by link only.
    var firebase: FirebaseWebConfig? = nil

    /// Bodies lighttpd takes at most, in KiB: above slp's 64 KiB, so that slp still says why it
    /// refuses those in between.
    static let maxRequestKiB = 128
    /// Bodies lighttpd passes to the realtime hub at most, in KiB: just above the hub's own
    /// 100,000 bytes, so that the hub still says why it refuses those in between.
    static let hubRequestKiB = 98
    /// Seconds a request may send nothing while its headers or body are not all in; an
    /// answer being waited for (a long poll) is not reading.
    static let readIdleSeconds = 5
    /// Seconds a Socket.IO connection may send nothing: the ping interval and its timeout.
    static let socketIdleSeconds = 50
    /// Seconds an answer may wait for its client to read any of it.
    static let writeIdleSeconds = 30
    /// Seconds the requests under way get to finish once serve is asked to stop (lighttpd's
    /// graceful shutdown); then serve stops what is left at once (`ServeStopping`).
    package static let gracefulStopSeconds = 10

    /// `/app/<hash>/…` changes its path whenever a byte of it changes: a cache may keep it for good.
    static let hashedFilesCacheControl = "public, max-age=31536000, immutable"
    /// The page and Leaflet keep their paths: a cache asks again each time (an unchanged file is a 304).
    static let namedFilesCacheControl = "no-cache"
    /// The types mod_deflate compresses (prefixes of `Content-Type`): the API's JSON and the web client's text.
    static let compressedTypes = ["application/json", "text/html", "text/javascript", "text/css", "image/svg+xml"]

    /// Answers this long or longer are compressed for clients that take it.
    static let compressFromBytes = 1_024
    /// gzip's level and brotli's quality for dynamic answers, chosen by measurement
    /// (docs/PERFORMANCE.md, "Compressed answers").
    static let compressionLevel = 3

    /// Connections lighttpd keeps open at once: half the descriptors (each may need one more to
    /// a worker), at most what lighttpd counts to.
    var maxConnections: Int { min(65_535, max(64, (maxFDs - 64) / 2)) }

    /// A host lighttpd's configuration can hold as it is: an IPv4 or IPv6 literal, or a name of
    /// letters, digits, dots and dashes.
    package static func isValidHost(_ host: String) -> Bool {
        !host.isEmpty && host.utf8.count <= 253
            && host.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2E || byte == 0x2D || byte == 0x3A
            }
    }

    /// The paths lighttpd hands the realtime hub (`RouteTable`).
    static var hubPattern: String { RouteTable.pattern(answeredBy: .hub) }
    /// The first segments of the workers' paths (`v1`, `healthz`): each is this slp in the document root.
    static var workerRoots: [String] { RouteTable.roots(answeredBy: .workers) }

    /// lighttpd's access line: status, microseconds, and the request line as the client sent it
    /// (which serve counts, `RequestMetrics`, and prints as milliseconds, without the query).
    /// The request line, not `%U`: a request the 404 handler answers has the handler's path
    /// there. A time to the microsecond also makes lighttpd stamp each request's start to the
    /// nanosecond, which the connection limit tells forwarded requests apart by (`ConnectionLimitScript`).
    static let accessFormat = "%s %{us}T %r"

    var text: String {
        var lines = [
            "server.document-root = \(quoted(directory.root))",
            "server.bind = \(quoted(host))",
            "server.port = \(port)",
            // mod_extforward before mod_magnet: the connection limit sees the forwarded client.
            "server.modules = (\(trustedProxies.isEmpty ? "" : "\"mod_extforward\", ")\"mod_magnet\", \"mod_setenv\", \"mod_proxy\", \"mod_cgi\", \"mod_scgi\", \"mod_accesslog\")",
            "server.upload-dirs = (\(quoted(directory.uploads)))",
            // Bodies over slp's 64 KiB are refused by slp itself (501); lighttpd stops larger ones (413).
            "server.max-request-size = \(Self.maxRequestKiB)",
            "server.max-read-idle = \(Self.readIdleSeconds)",
            "server.max-write-idle = \(Self.writeIdleSeconds)",
            "server.max-keep-alive-idle = 5",
            "server.max-fds = \(maxFDs)",
            "server.max-connections = \(maxConnections)",
            // A long URL is told from large headers by a script (`RequestSizeScript`), for which
            // lighttpd reads a head a little larger than slp takes.
            "server.max-request-field-size = \(RequestSizeScript.readBytes)",
            // The sizes first, then the connection limit: one script for both hooks, as the count
            // it keeps is its Lua state's, one per file.
            "magnet.attract-raw-url-to = (\(quoted(directory.requestSize)), \(quoted(directory.connectionLimit)))",
            "magnet.attract-response-start-to = (\(quoted(directory.connectionLimit)))",
            "server.errorfile-prefix = \(quoted(directory.errorPagePrefix))",
            // The error pages are slp's JSON (the document root holds no other file of this kind).
            "mimetype.assign = (\".html\" => \"application/json; charset=utf-8\")",
            // Answers go to the client as slp writes them (waiting when the client reads slowly),
            // not first whole into a file of the upload directory: a search answers half a megabyte.
            "server.stream-response-body = 2",
            "server.tag = \"slp\"",
            // Every answer, the API's, the hub's and the files', is read as the type it says it is,
            // and no page of slp's tells another site where it was.
            "setenv.add-response-header = (\"X-Content-Type-Options\" => \"nosniff\", \"Referrer-Policy\" => \"no-referrer\")",
            "server.error-handler-404 = \"/\(Self.workerRoots[0])\"",
            // Workers take their paths as lighttpd first reads them; without workers, each root of
            // theirs (`RouteTable`) is this slp on disk, run as CGI.
            "cgi.assign = (" + Self.workerRoots.map { "\"/\($0)\" => \"\"" }.joined(separator: ", ") + ")",
            // A piped logger: lighttpd writes each line to it at once (a file's lines wait in a buffer).
            "accesslog.filename = \(quoted("|exec /bin/cat > '" + directory.accessLog + "'"))",
            "accesslog.format = \(quoted(Self.accessFormat))",
        ]
        // Every waiting client goes to the hub: Socket.IO (its upgrades to WebSocket passed
        // through whole) and the events' long polls. A socket may be quiet for a ping interval
        // and its timeout.
        lines += [
            "$HTTP[\"url\"] =~ \(quoted(Self.hubPattern)) {",
            "  proxy.server = (\"\" => ((\"socket\" => \(quoted(directory.hubSocket)))))",
            "  proxy.header = (\"upgrade\" => \"enable\")",
            "  server.max-read-idle = \(Self.socketIdleSeconds)",
            // A body goes on to the hub as it comes (not first whole into the upload directory),
            // so the hub refuses one on its head alone (no token, a length past its bound) and
            // lighttpd stops reading it; lighttpd itself refuses one past the hub's bound, as
            // declared or as its chunks come, so nothing beyond it is written anywhere.
            "  server.stream-request-body = 2",
            "  server.max-request-size = \(Self.hubRequestKiB)",
            // lighttpd counts an upgraded WebSocket's every frame as one request body: a socket
            // kept open for days would reach any cap. The hub bounds each message itself. Only a
            // bodiless upgrade is one (a missing header matches "").
            "  $REQUEST_HEADER[\"Upgrade\"] =~ \"(?i)^websocket$\" {",
            "    $REQUEST_HEADER[\"Content-Length\"] == \"\" {",
            "      $REQUEST_HEADER[\"Transfer-Encoding\"] == \"\" {",
            "        server.max-request-size = 0",
            "      }",
            "    }",
            "  }",
            "}",
        ]
        // Before the health block, which takes `/healthz` to the health answerer instead.
        lines += workerLines
        // After the workers' block, so that the files' paths are taken from them.
        lines += webClientLines
        lines += healthLines
        lines += forwarding
        lines += compression
        lines += tlsLines
        lines += gracefulStopLines
        // Last, so that its settings win over the API's.
        lines += metricsLines
        if host.contains(":") { lines.append("server.use-ipv6 = \"enable\"") }
        if !passed.isEmpty {
            lines.append("setenv.add-environment = (" + passed.map { "\(quoted($0)) => env.\($0)" }.joined(separator: ", ") + ")")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `/healthz` (`RouteTable`): never kept by a cache. With SCGI workers it goes to the health
    /// answerer (serve's one slp on its own socket, `APIServer`), which asks the workers with a
    /// deadline of its own rather than waiting in line behind them; should it not answer either,
    /// lighttpd's own 502, 503 or 504 (after these deadlines) names `workers`.
    private var healthLines: [String] {
        var lines = [
            "$HTTP[\"url\"] =~ \(quoted(RouteTable.pattern(of: .health))) {",
            "  server.errorfile-prefix = \(quoted(directory.healthErrorPagePrefix))",
            "  setenv.set-response-header = (\"Cache-Control\" => \"\(HealthReport.cacheControl)\")",
        ]
        if workers != nil {
            lines.append(
                "  scgi.server = (\"/\" => ((\"socket\" => \(quoted(directory.healthSocket)), \"connect-timeout\" => 1, \"write-timeout\" => 1, \"read-timeout\" => 1, \"check-local\" => \"disable\")))")
        }
        return lines + ["}"]
    }

    /// The web client's paths (`RouteTable`'s `files`): lighttpd serves them from their own
    /// document root (`ServeDirectory.web`), never a worker, each with its type (`WebContentType`),
    /// the page's Content-Security-Policy, and a cache lifetime that its path allows; no folder is
    /// listed (mod_dirlisting is not loaded). The file paths lighttpd is handed are already normalised (`..` and `%2e%2e` resolved
    /// against `/`), so none leads out of that root.
    private var webClientLines: [String] {
        let types = WebContentType.byEnding.map { "\(quoted($0.ending)) => \(quoted($0.type))" } + ["\"\" => \(quoted(WebContentType.other))"]
        func headers(_ cacheControl: String) -> String {
            "setenv.set-response-header = (\"Cache-Control\" => \(quoted(cacheControl)), \"Content-Security-Policy\" => \(quoted(WebContentPolicy.header(firebase: firebase))))"
        }
        return [
            "$HTTP[\"url\"] =~ \(quoted(RouteTable.exactPattern(answeredBy: .files))) {",
            // lighttpd would serve a file to a POST too: other methods go on to slp, which
            // answers 405 with the route's `Allow`.
            "  $HTTP[\"request-method\"] =~ \"^(GET|HEAD)$\" {",
            "    server.document-root = \(quoted(directory.web))",
        ] + (workers == nil ? [] : ["    scgi.server = ()"]) + [
            "    cgi.assign = ()",
            "    index-file.names = (\(quoted(WebClientFiles.page)))",
            "    mimetype.assign = (\(types.joined(separator: ", ")))",
            "    " + headers(Self.namedFilesCacheControl),
            // Only the files there are, so that a 404 is not kept for good.
            "    $HTTP[\"url\"] =~ \(quoted(Self.hashedFilesPattern)) {",
            "      " + headers(Self.hashedFilesCacheControl),
            "    }",
            "  }",
        ] + (workers != nil ? [] : [
            // Without workers nothing but a file answers there, and lighttpd answers a method it
            // serves no file to on a folder (`/`) itself (403 for a POST, 501 for a PUT, 200 for
            // an OPTIONS). Where there is no file, its 404 handler (slp) answers them as a worker
            // would: 405 with the route's `Allow`.
            "  $HTTP[\"request-method\"] !~ \"^(GET|HEAD)$\" {",
            "    server.document-root = \(quoted(directory.nowhere))",
            "  }",
        ]) + [
            "}",
        ]
    }

    /// Exactly the paths of the files under `/app/<hash>/` (`WebClientFiles.served`).
    static var hashedFilesPattern: String {
        let paths = WebClientFiles.served.map(\.path).filter { $0.hasPrefix(WebClientFiles.appFolder) }
        return "^/(" + paths.map(RouteTable.escaped).joined(separator: "|") + ")$"
    }

    /// mod_extforward: a trusted proxy's `X-Forwarded-For` gives the request its client's address
    /// (the last one no trusted proxy added), for the connection limit, the access line and slp;
    /// anyone else's is ignored. A trusted proxy's own requests (none forwarded: a health check)
    /// are never limited as one client's.
    private var forwarding: [String] {
        guard !trustedProxies.isEmpty else { return [] }
        var lines = [
            "extforward.forwarder = (" + trustedProxies.map { "\(quoted($0.network)) => \"trust\"" }.joined(separator: ", ") + ")",
            "extforward.headers = (\"X-Forwarded-For\")",
        ]
        for proxy in trustedProxies {
            lines += [
                "$HTTP[\"remoteip\"] == \(quoted(proxy.network)) {",
                "  magnet.attract-raw-url-to = (\(quoted(directory.requestSize)))",
                "  magnet.attract-response-start-to = ()",
                "}",
            ]
        }
        return lines
    }

    /// mod_deflate: JSON answers and the web client's text files of `compressFromBytes` or more
    /// go out brotli-, gzip- or deflate-compressed to a client whose `Accept-Encoding` takes one
    /// (`Vary: Accept-Encoding` on them), others as they are. A file is compressed once, into
    /// `ServeDirectory.compressedFiles`.
    private var compression: [String] {
        [
            "server.modules += (\"mod_deflate\")",
            "deflate.mimetypes = (\(Self.compressedTypes.map(quoted).joined(separator: ", ")))",
            "deflate.cache-dir = \(quoted(directory.compressedFiles))",
            "deflate.allowed-encodings = (\"br\", \"gzip\", \"deflate\")",
            // mod_deflate compresses what is longer than this.
            "deflate.min-compress-size = \(Self.compressFromBytes - 1)",
            // One level for gzip and brotli alike (lighttpd 1.4.69 crashes on a brotli answer at
            // qualities 0 and 1).
            "deflate.compression-level = \(Self.compressionLevel)",
            // lighttpd 1.4.69's mod_deflate compresses only an answer it holds whole as it starts
            // sending it; a streamed one (a worker's long answer) would go out as it is. So for a
            // client that takes an encoding, a worker's answer is read whole first (the hub's
            // sockets and polls stream on: a poll's answer comes whole anyway).
            "$REQUEST_HEADER[\"Accept-Encoding\"] != \"\" {",
            "  $HTTP[\"url\"] !~ \(quoted(Self.hubPattern)) {",
            "    server.stream-response-body = 0",
            "  }",
            "}",
        ]
    }

    /// The metrics listener: `/metrics` runs slp as CGI from a document root of its own, which
    /// makes the page (`MetricsPage`); every other path there is refused (403), so nothing of
    /// the API (workers, hub) answers on it, and none of its requests reaches the access lines.
    /// Last, so that its settings win over the API's.
    private var metricsLines: [String] {
        guard let metrics else { return [] }
        let socket = metrics.host.contains(":") ? "[\(metrics.host)]:\(metrics.port)" : "\(metrics.host):\(metrics.port)"
        var lines = [
            "server.modules += (\"mod_access\")",
            "$SERVER[\"socket\"] == \(quoted(socket)) {",
            "  server.document-root = \(quoted(directory.metricsRoot))",
            "  cgi.assign = (\"/metrics\" => \"\")",
            "  scgi.server = ()",
            "  setenv.add-environment = (\(quoted(MetricsPage.pageVariable)) => \(quoted(directory.metricsFile)))",
            // Scrapes are neither counted nor printed: the page counts the API's requests.
            "  accesslog.filename = \"/dev/null\"",
            "  $HTTP[\"url\"] != \"/metrics\" {",
            "    url.access-deny = (\"\")",
            "  }",
        ]
        // Plain HTTP on its own listener even when the API's is HTTPS (loopback by default).
        if tls != nil { lines.append("  ssl.engine = \"disable\"") }
        return lines + ["}"]
    }

    /// Every path that is not the hub's goes to serve's SCGI workers (slp answers those it does
    /// not have: 404), one socket each, which serve made and keeps (`APIServer`): lighttpd starts
    /// no program of its own, so it can restart in the background to read a renewed certificate
    /// (`TLSReload`), and the workers outlive its restarts, both generations sending them requests.
    var workerLines: [String] {
        guard let workers else { return [] }
        return ["$HTTP[\"url\"] !~ \(quoted(Self.hubPattern)) {", "  scgi.server = (\"/\" => ("]
            + Self.workerSockets(directory, workers).map { "    (\"socket\" => \(quoted($0)), \"check-local\" => \"disable\")," }
            + ["  ))", "}"]
    }

    /// The sockets of serve's SCGI workers (`scgi-0`, `scgi-1`, …).
    static func workerSockets(_ directory: ServeDirectory, _ workers: Int) -> [String] {
        (0..<workers).map { "\(directory.workerSocket)-\($0)" }
    }

    /// TLS 1.2 and 1.3 only, forward-secret AEAD ciphers for TLS 1.2 (TLS 1.3's are all such),
    /// HTTP/2 through ALPN as lighttpd offers it by default. `server.graceful-restart-bg` lets
    /// lighttpd read renewed files on SIGUSR1 without dropping a connection (`TLSReload`; its flag
    /// is set with the graceful stop's, `gracefulStopLines`).
    var tlsLines: [String] {
        guard let tls else { return [] }
        return [
            "server.modules += (\"mod_openssl\")",
            "ssl.engine = \"enable\"",
            "ssl.pemfile = \(quoted(tls.certificate))",
            "ssl.privkey = \(quoted(tls.key))",
            "ssl.openssl.ssl-conf-cmd = (\"MinProtocol\" => \"TLSv1.2\", \"CipherString\" => \"ECDHE+AESGCM:ECDHE+CHACHA20\")",
        ]
    }

    /// SIGINT (serve's stop) lets the requests under way finish with no bound of lighttpd's
    /// (its default is 8 s): serve stops what is left once `gracefulStopSeconds` have passed
    /// (`ServeStopping`), one way with or without TLS. lighttpd's bound cannot be it: in 1.4.69
    /// the generation a certificate reload leaves behind (`server.graceful-restart-bg`) takes the
    /// same flag as its own bound once the new generation tells it to stop, so any bound there
    /// would cut the sockets it holds that long after each renewal. serve's stop waits for that
    /// generation as for the last one, within the same bound. One line: lighttpd refuses a
    /// feature flag set twice.
    var gracefulStopLines: [String] {
        let flags = (tls == nil ? [] : ["\"server.graceful-restart-bg\" => \"enable\""]) + ["\"server.graceful-shutdown-timeout\" => 0"]
        return ["server.feature-flags += (" + flags.joined(separator: ", ") + ")"]
    }

    /// A lighttpd string. `ServeDirectory` and the option checks leave no `"`, `\` or `'` to escape.
    private func quoted(_ text: String) -> String { "\"" + text + "\"" }
}
