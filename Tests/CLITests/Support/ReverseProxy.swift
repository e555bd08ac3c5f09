import Foundation

/// A real nginx (Debian's `nginx`; `Scripts/test` installs it) in front of one or more
/// `slp serve` upstreams, as docs/DEPLOY.md "Behind a proxy" configures one: it listens on a free
/// port of 127.0.0.1, connects to the upstreams from `address` (`proxy_bind`), sets
/// `X-Forwarded-For` (the sender's address appended to any it sent) and `X-Forwarded-Proto`,
/// passes WebSocket upgrades through and streams answers as they come (no buffering, hour-long
/// read timeouts, so long polls and sockets are held, not cut). Requests are balanced over the
/// upstreams by the client's address (a Socket.IO session's polls must all reach the serve whose
/// hub holds it): clients from different 127.0.0.x spread over them, one client stays with one.
/// An upstream that refuses the connection (or times out connecting) is passed over for another,
/// and left out for `retrySeconds` before it is tried again.
///
/// Upstream connections are kept alive between requests (`keepAlive`), so one proxy connection
/// carries different clients' requests one after another, as production proxies do. nginx does
/// not send a POST again once it went out: a POST on a kept connection that the upstream closes
/// at that very moment is answered 502 (a rolling restart may want `keepAlive: false`).
///
/// Ready once it accepts connections (never a guessed sleep); stopped (SIGQUIT: lets answers in
/// flight finish, then SIGKILL past the patience) by `stop()` or when released, its directory removed.
final class ReverseProxy {
    /// The port it listens on, on 127.0.0.1.
    let port: Int
    /// The address its connections to the upstreams come from: what `--trusted-proxy` names.
    let address: String
    private let directory: TemporaryDirectory
    private let process = Process()

    /// Seconds an upstream that refused a connection is left out (nginx's `fail_timeout`).
    static let retrySeconds = 2

    /// In front of the serves on 127.0.0.1 at `upstreams` (their ports), connecting to them from
    /// `address` (any 127.0.0.x).
    init(upstreams: [Int], from address: String = "127.0.0.1", keepAlive: Bool = true) throws {
        let nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let nginx else { throw MissingTool(name: "nginx") }
        self.address = address
        directory = try TemporaryDirectory()
        port = try HTTPTestClient.freePort()
        let configuration = try Self.configuration(
            port: port, upstreams: upstreams, address: address, keepAlive: keepAlive, directory: directory.url.path)
        try configuration.write(toFile: directory.path("nginx.conf"), atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: nginx)
        // -e: its first messages (before the configuration is read) go here, not to /var/log/nginx.
        process.arguments = ["-p", directory.url.path + "/", "-c", directory.path("nginx.conf"), "-e", directory.path("error.log")]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let probe = HTTPTestClient(port: port)
        let ready = Polling.until(ServedSLP.startBound) {
            guard process.isRunning, let socket = try? probe.connect() else { return !process.isRunning }
            close(socket)
            return true
        }
        guard ready, process.isRunning else {
            stop()
            throw HTTPTestError("nginx did not start: \(errorLog)")
        }
    }

    /// A client of the proxy whose connections come from `source` (any 127.0.0.x): one client
    /// of the service as the upstreams see it through `X-Forwarded-For`.
    func client(from source: String = "127.0.0.1") -> HTTPTestClient {
        var client = HTTPTestClient(port: port)
        client.source = source
        return client
    }

    /// One line per request the proxy answered: the client's address, the request line, the
    /// status, then the upstream(s) tried (`127.0.0.1:PORT`, comma-separated when it moved on)
    /// and their statuses.
    var accessLines: [String] {
        ((try? String(contentsOfFile: directory.path("access.log"), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// nginx's own messages, for a failure's explanation.
    var errorLog: String { (try? String(contentsOfFile: directory.path("error.log"), encoding: .utf8)) ?? "" }

    /// Stops it, letting answers in flight finish; idempotent.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGQUIT)
        if !Polling.until(SLPBinary.patience, { !process.isRunning }) { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }

    /// The configuration the tests run, with docs/DEPLOY.md's `location` block as written there.
    /// One process (`master_process off`: no user switch, nothing left behind), every file in
    /// `directory`.
    private static func configuration(port: Int, upstreams: [Int], address: String, keepAlive: Bool, directory: String) throws -> String {
        let servers = upstreams.map { "    server 127.0.0.1:\($0) max_fails=1 fail_timeout=\(retrySeconds)s;" }.joined(separator: "\n")
        return """
            daemon off;
            master_process off;
            worker_rlimit_nofile 8192;
            pid \(directory)/nginx.pid;
            error_log \(directory)/error.log warn;
            events { worker_connections 4096; }
            http {
              client_body_temp_path \(directory)/body;
              proxy_temp_path \(directory)/proxy;
              fastcgi_temp_path \(directory)/fastcgi;
              uwsgi_temp_path \(directory)/uwsgi;
              scgi_temp_path \(directory)/scgi;
              log_format slp '$remote_addr "$request" $status $upstream_addr $upstream_status';
              access_log \(directory)/access.log slp;
              # A WebSocket upgrade passes its Connection header on; any other request none, so
              # that the upstream connection stays open for the next.
              map $http_upgrade $connection_upgrade {
                default upgrade;
                '' '';
              }
              upstream slp {
                # Socket.IO's long-polling session lives in one serve's hub: a client address
                # stays with one upstream while it is up (ip_hash would take all of 127.0.0.x as one).
                hash $remote_addr;
            \(servers)
                \(keepAlive ? "keepalive 64;" : "")
              }
              server {
                listen 127.0.0.1:\(port);
                client_max_body_size 0;
                location / {
            \(try location(bindingFrom: address))
                }
              }
            }

            """
    }

    /// The directives of the `location /` block of docs/DEPLOY.md "Behind a proxy" (the nginx
    /// block that holds `proxy_next_upstream`), run as written, with `proxy_bind` after
    /// `proxy_pass` so that the proxy's connections come from `address`.
    private static func location(bindingFrom address: String) throws -> String {
        let block = try DeployDocs.block(containing: "proxy_next_upstream error timeout")
        guard let start = block.range(of: "location / {\n"), let end = block.range(of: "\n    }", range: start.upperBound..<block.endIndex) else {
            throw HTTPTestError("no `location / {` block in docs/DEPLOY.md's nginx configuration")
        }
        return block[start.upperBound..<end.lowerBound].split(separator: "\n").flatMap { line in
            line.contains("proxy_pass ") ? [String(line), "proxy_bind \(address);"] : [String(line)]
        }.map { "      " + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
    }
}
