#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SLPCommandLine
import SLPSupport
import SLPWebClient
import SLPWebServer

/// `slp serve [--host 127.0.0.1] [--port 1210] [--cgi] [--fcm-credentials FILE] [--tls-cert FILE --tls-key FILE]
/// [--trusted-proxy ADDRESS|CIDR]... [--connections-per-address N] [--metrics [ADDRESS:]PORT]`
enum ServeCommand: Command {
    static let host = OptionKey("host", "address", "Address to listen on (default: 127.0.0.1).", as: .text)
    static let port = OptionKey("port", "port", "Port to listen on, 1 to 65535 (default: 1210).", as: .integer)
    static let cgi = OptionKey(flag: "cgi", "Run slp as a CGI program for every request instead of keeping SCGI workers.")
    static let fcmCredentials = OptionKey(
        "fcm-credentials", "file", "Google service account JSON for sending pushes through FCM (default: $GOOGLE_APPLICATION_CREDENTIALS).",
        as: .text
    ).completingFiles()
    static let tlsCert = OptionKey(
        "tls-cert", "file", "PEM certificate chain to serve HTTPS with (with --tls-key; re-read when it changes).", as: .text
    ).completingFiles()
    static let tlsKey = OptionKey("tls-key", "file", "PEM private key of --tls-cert's certificate.", as: .text).completingFiles()
    static let trustedProxy = OptionKey(
        repeating: "trusted-proxy", "address",
        "A proxy (IPv4 or IPv6 address, or CIDR network) whose X-Forwarded-For names the client; repeat for more (default: none).",
        as: .text)
    static let connectionsPerAddress = OptionKey(
        "connections-per-address", "count",
        "Connections one client address may hold at once, 1 to 65535 (default: \(ConnectionLimitScript.defaultPerAddress)).",
        as: .integer)
    static let metrics = OptionKey(
        "metrics", "[address:]port",
        "Serve Prometheus metrics at /metrics on this port, of 127.0.0.1 unless an address is given (default: off).", as: .text)

    /// Serving starts the service where there is none yet (its requests never create it).
    static let createsDatabase = true

    static let printsJSON = false

    static let spec = CommandSpec(
        name: "serve",
        abstract: "Serve SLP's REST API over HTTP (lighttpd runs slp for it) until Ctrl-C.",
        discussion: """
            Needs lighttpd and its mod_magnet (apt-get install lighttpd lighttpd-modules-lua). Callers prove who they \
            are with an idtoken header: a token from 'slp token', or a Firebase ID token when SLP_FIREBASE_PROJECT and \
            SLP_FIREBASE_CERTS are set (the file is checked before serving, and read again when it changes). \
            The web client at / signs in by link ('slp token --link'); with SLP_FIREBASE_WEB_CONFIG too (a JSON file of \
            the Firebase web app's apiKey, authDomain, projectId, appId and the SDK modules' URLs, sdk.app and sdk.auth; \
            checked before serving) it also offers Firebase phone sign-in, its Content-Security-Policy widened for it. \
            One line per request on standard error: method, path, status, milliseconds. lighttpd hands requests to \
            slp's SCGI workers, which keep the database open (two per core), or with --cgi runs slp as a CGI \
            program for each. Every waiting client, the apps' Socket.IO chat (/socket.io/) and the long polls of \
            /v1/events, is held by one realtime hub, this slp again, which serve restarts if it stops. \
            With a service account file (--fcm-credentials, or GOOGLE_APPLICATION_CREDENTIALS; checked before serving), \
            serve also runs slp-push, found beside slp or named by SLP_PUSH, which sends every event's push through \
            Firebase Cloud Messaging (SLP_FCM_URL replaces https://fcm.googleapis.com) and is restarted if it stops; \
            without one, pushes are off. 'slp pushes' shows what it sent. \
            With --tls-cert and --tls-key (both, PEM; checked before serving, the key never copied: lighttpd reads \
            both files where they are) serve speaks HTTPS only, TLS 1.2 and 1.3, HTTP/2 where the client offers it, \
            the same API and Socket.IO over wss. When the files change (an ACME client renewing them) serve has \
            lighttpd load them within seconds, without a restart and without dropping a connection; files that \
            do not belong together are reported and the old certificate kept. \
            One address holds at most --connections-per-address connections at once (429 past it). Behind a reverse \
            proxy, --trusted-proxy names it: the client's address is then taken from the X-Forwarded-For header of \
            that proxy's requests only (anyone else's is ignored), so the limit counts each client, never the proxy. \
            JSON answers of 1 KB or more are sent compressed (br, gzip or deflate) to clients whose Accept-Encoding \
            takes it. \
            Ctrl-C or SIGTERM stops it gracefully: no new connections, the requests under way finish (at most \
            10 s), held long polls are answered and the apps' sockets told to reconnect; a second one stops it at once. \
            With --metrics, a listener of its own answers /metrics (and nothing else) with Prometheus' text format: \
            requests by route template and status, their durations, workers busy and idle, the hub's sockets, \
            sessions, long polls, deliveries and feed lag, database retries, waiting users, pushes, and the process_* \
            metrics of serve, lighttpd, the hub, the push sender and each worker; the API's port has no /metrics.
            """,
        options: [
            host.spec, port.spec, cgi.spec, fcmCredentials.spec, tlsCert.spec, tlsKey.spec, trustedProxy.spec, connectionsPerAddress.spec,
            metrics.spec,
        ],
        examples: [
            "slp serve", "slp serve --port 1210 --db /srv/slp/slp.sqlite",
            "slp serve --host 0.0.0.0 --port 443 --tls-cert fullchain.pem --tls-key privkey.pem",
            "slp serve --trusted-proxy 127.0.0.1 --trusted-proxy 10.0.0.0/8 --connections-per-address 64",
            "slp serve --metrics 9210",
        ])

    static func run(_ context: CommandContext) async -> Output {
        let address: TCPAddress
        let proxies: [TrustedProxy]
        let perAddress: Int
        let tlsPaths: (certificate: String, key: String)?
        let metricsAddress: TCPAddress?
        do {
            let host = context[Self.host] ?? "127.0.0.1"
            guard LighttpdConfiguration.isValidHost(host) else {
                throw UsageError(message: "--host: '\(ValueSyntax.printable(host))' is not an address or host name", commandPath: ["serve"], code: "invalid_value")
            }
            let port = try context[Self.port] ?? 1210
            guard (1...65_535).contains(port) else {
                throw UsageError(message: "--port: a port is 1 to 65535, not \(port)", commandPath: ["serve"], code: "invalid_value")
            }
            address = TCPAddress(host: host, port: port)
            proxies = try context[Self.trustedProxy].map { text in
                guard let proxy = TrustedProxy(text) else {
                    throw UsageError(
                        message: "--trusted-proxy: '\(ValueSyntax.printable(text))' is not an IPv4 or IPv6 address or network (such as 10.0.0.0/8)",
                        commandPath: ["serve"], code: "invalid_value")
                }
                return proxy
            }
            perAddress = try context[Self.connectionsPerAddress] ?? ConnectionLimitScript.defaultPerAddress
            guard ConnectionLimitScript.perAddressRange.contains(perAddress) else {
                throw UsageError(
                    message: "--connections-per-address: a count is 1 to 65535, not \(perAddress)", commandPath: ["serve"], code: "invalid_value")
            }
            tlsPaths = try TLSOptions.paths(certificate: context[Self.tlsCert], key: context[Self.tlsKey], in: context.environment)
            metricsAddress = try context[Self.metrics].map { try Self.metricsAddress($0, apiPort: port) }
        } catch {
            return context.fail(error)
        }
        do {
            // Checked now, not by the first request: a wrong database or Firebase file is one line here.
            let location = try DatabaseLocation.resolve(option: context.invocation[GlobalOptions.database], environment: context.environment)
            _ = try context.dependencies()
            _ = try FirebaseConfiguration.load(context.environment)
            let firebaseWeb = try FirebaseConfiguration.webConfig(context.environment)
            let slp = try executablePath()
            let pushSender = try PushConfiguration.launch(option: context[Self.fcmCredentials], environment: context.environment, slp: slp)
            let tls = try tlsPaths.map(TLSOptions.files)
            guard let lighttpd = Lighttpd.find(path: context.environment["PATH"], override: context.environment["SLP_LIGHTTPD"]) else {
                throw Failure(
                    code: "lighttpd_missing", status: nil,
                    message: "slp serve needs lighttpd, which is not installed (apt-get install \(Lighttpd.package))", exitCode: .unavailable)
            }
            guard Lighttpd.hasMagnet(lighttpd) else {
                throw Failure(
                    code: "lighttpd_missing", status: nil,
                    message: "slp serve needs lighttpd's mod_magnet for its connection limit (apt-get install \(Lighttpd.magnetPackage))",
                    exitCode: .unavailable)
            }
            for listener in [address] + (metricsAddress.map { [$0] } ?? []) {
                if let why = listener.listenProblem() { throw Failure(code: "port_unavailable", status: nil, message: why, exitCode: .ioError) }
            }
            var server = APIServer(
                lighttpd: lighttpd, address: address, executable: slp,
                environment: passedEnvironment(context.environment, database: location), databaseDisplay: location.display,
                workers: context[Self.cgi] ? nil : APIServer.defaultWorkers, hubSocketVariable: HubProcess.socketVariable,
                writeLimitsVariable: WriteLimits.variable, pushSender: pushSender, tls: tls,
                errorObject: { Failure(code: $0.code, status: $0.status, message: $0.message, exitCode: .usage).json.text })
            server.trustedProxies = proxies
            server.connectionsPerAddress = perAddress
            server.metrics = metricsAddress
            server.firebase = firebaseWeb
            let directory = try ServeDirectory(temporaryDirectory: context.environment["TMPDIR"])
            if pushSender == nil {
                StandardStreams.writeError("slp serve: pushes are off (no --fcm-credentials or \(PushConfiguration.credentialsVariable))\n")
            }
            do {
                return output(try server.run(in: directory, writeError: StandardStreams.writeError), at: address)
            } catch {
                // Once the directory is made, without `--json`'s object.
                return Output(stderr: "Error: \(FailureRenderer.oneLine(error.message))\n", exitCode: failure(error).exitCode)
            }
        } catch {
            return context.fail(failure(error))
        }
    }

    /// `--metrics [ADDRESS:]PORT`: 127.0.0.1 unless an address is given (an IPv6 one in
    /// brackets), never the API's port.
    private static func metricsAddress(_ text: String, apiPort: Int) throws -> TCPAddress {
        var host = "127.0.0.1", portText = Substring(text)
        if let colon = text.lastIndex(of: ":") {
            host = String(text[..<colon])
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            portText = text[text.index(after: colon)...]
        }
        let problem: String? =
            if !LighttpdConfiguration.isValidHost(host) {
                "'\(ValueSyntax.printable(host))' is not an address or host name"
            } else if let port = Int(portText), (1...65_535).contains(port) {
                port == apiPort ? "the metrics need a port of their own, not the API's \(port)" : nil
            } else {
                "a port is 1 to 65535, not '\(ValueSyntax.printable(String(portText)))'"
            }
        if let problem { throw UsageError(message: "--metrics: \(problem)", commandPath: ["serve"], code: "invalid_value") }
        return TCPAddress(host: host, port: Int(portText)!)
    }

    /// How serve's end is told.
    private static func output(_ end: ServeEnd, at address: TCPAddress) -> Output {
        switch end {
        case .stopped:
            Output(stderr: "slp serve: stopped\n")
        case .portInUse:
            Output(stderr: "Error: port \(address.port) on \(address.host) is already in use\n", exitCode: .ioError)
        case .lighttpdStopped(let message, let status):
            Output(stderr: "Error: lighttpd stopped\(message.map { ": " + $0 } ?? " (status \(status))")\n", exitCode: .software)
        }
    }

    /// `error` as slp reports it: what serve's machinery could not do, with its code and exit status.
    private static func failure(_ error: any Error) -> Failure {
        guard let error = error as? ServeError else { return Failure(error) }
        let (code, exitCode): (String, ExitCode) = switch error {
        case .cannotMakeDirectory, .cannotMakeFIFO, .cannotLink, .cannotWrite: ("serve_directory", .ioError)
        case .cannotOpen: ("serve_failed", .ioError)
        case .cannotWatchSignals, .cannotMakePipe, .cannotStart, .cannotStartLighttpd: ("serve_failed", .software)
        }
        return Failure(code: code, status: nil, message: error.message, exitCode: exitCode)
    }

    /// What the CGI processes need, as slp serve has it: the database as resolved (from `--db`
    /// too), Firebase's certificate file as an absolute path.
    private static func passedEnvironment(_ environment: ProcessEnvironment, database: StorageLocation) -> [(name: String, value: String)] {
        APIServer.passedVariables.compactMap { name in
            switch name {
            case "SLP_DB": return (name, database.argument)
            case "SLP_FIREBASE_CERTS":
                return environment[name].map { (name, $0.hasPrefix("/") ? $0 : environment.currentDirectory + "/" + $0) }
            default: return environment.value(of: name).map { (name, $0) }
            }
        }
    }

    /// This slp, for lighttpd to run.
    private static func executablePath() throws -> String {
        var buffer = [CChar](repeating: 0, count: 4_096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else {
            throw Failure(code: "serve_failed", status: nil, message: "cannot find this slp's own path", exitCode: .software)
        }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
