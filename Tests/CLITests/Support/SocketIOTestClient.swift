import Foundation
import SLPTestSupport
import XCTest

/// A socket of the PyPI `python-socketio` client (`pip install "python-socketio[client]"`;
/// `.ci/run` installs it), standing in for the SLP apps' socket.io-client-swift: the `idtoken`
/// header on the handshake and every request (or, as a browser, in the CONNECT's `auth` and no
/// header at all), long-polling upgraded to WebSocket or WebSocket alone, `changesocketid` emitted on connect. It prints one JSON line for each thing that
/// happens (connected, the ack, each event, a refusal, a disconnect) and leaves when its
/// standard input closes.
final class SocketIOTestClient: @unchecked Sendable {
    static let script = #"""
        import json, queue, sys, threading, time
        import socketio
        url, token, transports, announced, by = sys.argv[1], sys.argv[2], sys.argv[3].split(","), sys.argv[4], sys.argv[5]
        lock = threading.Lock()
        def say(**fields):
            with lock:
                print(json.dumps(fields, ensure_ascii=False), flush=True)
        client = socketio.Client(reconnection=True, reconnection_delay=0.2, reconnection_delay_max=1)
        # python-engineio hands each message to a thread of its own, so one may be reported before
        # an earlier one: one thread handles them here in the order they came off the wire.
        received, trigger = queue.Queue(), client.eio._trigger_event
        def in_order(event, *args, **options):
            if event != "message":
                return trigger(event, *args, **options)
            received.put(args)
        def handle_received():
            while True:
                trigger("message", *received.get())
        threading.Thread(target=handle_received, daemon=True).start()
        client.eio._trigger_event = in_order
        @client.event
        def connect():
            say(kind="connected", transport=client.transport())
            if announced:
                client.emit("changesocketid", announced, callback=lambda *ack: say(kind="ack", data=list(ack)))
        @client.event
        def disconnect(*reason):
            say(kind="disconnected", reason=[str(part) for part in reason])
        @client.on("*")
        def any_event(event, *data):
            say(kind="event", name=event, data=data[0] if data else None, at=time.time())
        headers = {"idtoken": token} if token and by == "header" else {}
        auth = {"idtoken": token} if token and by == "auth" else None
        try:
            client.connect(url, headers=headers, auth=auth, transports=transports, wait_timeout=20)
        except socketio.exceptions.ConnectionError as error:
            say(kind="refused", reason=str(error))
            sys.exit(3)
        sys.stdin.read()
        client.disconnect()
        """#

    private let process = Process()
    private let input = Pipe()
    private let lock = NSLock()
    private var output = Data()
    private var errors = Data()
    /// Done once both of its outputs have ended.
    private let reading = DispatchGroup()

    /// A socket of `token`'s user (none without) to the serve at `port`, over `transports`
    /// (`polling,websocket` upgrades as most apps do; `websocket` alone as one does), announcing
    /// `announced` as its uid; over TLS (https, wss) when `trusting` names the CA file to trust.
    /// `inConnect`: the token in the CONNECT's `auth`, as a browser sends it, not in a header.
    init(
        port: Int, token: String?, transports: String = "polling,websocket", announcing announced: String = "", trusting ca: String? = nil,
        inConnect: Bool = false
    ) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c", Self.script, "\(ca == nil ? "http" : "https")://127.0.0.1:\(port)", token ?? "", transports, announced,
            inConnect ? "auth" : "header",
        ]
        if let ca {
            // What requests, websocket-client and OpenSSL's default paths each read.
            process.environment = ProcessInfo.processInfo.environment.merging(
                ["REQUESTS_CA_BUNDLE": ca, "WEBSOCKET_CLIENT_CA_BUNDLE": ca, "SSL_CERT_FILE": ca]) { $1 }
        }
        process.standardInput = input
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        for (pipe, isOutput) in [(out, true), (err, false)] {
            let handle = pipe.fileHandleForReading
            reading.enter()
            // A thread of its own for a read that blocks for the client's life: on Dispatch's
            // global queue, a test holding many clients waits seconds for each new reader's thread.
            Thread.detachNewThread { [self] in
                defer { reading.leave() }
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    lock.withLock { if isOutput { output += chunk } else { errors += chunk } }
                }
            }
        }
    }

    deinit {
        close()
    }

    /// Everything it reported so far, one object a line.
    var reports: [[String: Any]] {
        let text = lock.withLock { String(decoding: output, as: UTF8.self) }
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    var standardError: String { lock.withLock { String(decoding: errors, as: UTF8.self) } }

    /// The events named `name` it received, their data as JSON objects.
    func events(_ name: String) -> [[String: String]] {
        reports.filter { $0["kind"] as? String == "event" && $0["name"] as? String == name }.compactMap { report in
            (report["data"] as? [String: Any])?.mapValues { "\($0)" }
        }
    }

    func count(_ kind: String) -> Int {
        reports.filter { $0["kind"] as? String == kind }.count
    }

    /// Waits until `condition` holds or `seconds` pass; whether it held. A missing package fails
    /// with what to install.
    @discardableResult
    func waitUntil(_ seconds: Double = SLPBinary.patience, _ condition: (SocketIOTestClient) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(self) { return true }
            if !process.isRunning, standardError.contains("No module named") {
                XCTFail("python-socketio is missing: pip install \"python-socketio[client]\" (.ci/run installs it)")
                return false
            }
            usleep(5_000)
        }
        return condition(self)
    }

    /// Whether it still runs, or has output not yet read.
    var isRunning: Bool { process.isRunning || reading.wait(timeout: .now()) == .timedOut }

    /// Leaves: its standard input closed, then ended outright (a client reconnecting after a
    /// restart does not read its input again), and waited for. The hub sees the socket close
    /// either way.
    func close() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
