import Foundation

/// The anchor of `slp-bench --sockets`: the reference Socket.IO server of the PyPI
/// `python-socketio` (`AsyncServer` on aiohttp), holding the same sockets and emitting the same
/// `chat` events when told (`POST /emit` with the message's fields), so that delivery and memory
/// compare with what most Socket.IO deployments run. A socket joins the room its `idtoken`
/// header names (the anchor checks no signature: it stands for the transport, not for slp).
final class SocketAnchor {
    static let script = #"""
        import sys
        from aiohttp import web
        import socketio
        server = socketio.AsyncServer(async_mode="aiohttp", ping_interval=25, ping_timeout=20, cors_allowed_origins=None)
        app = web.Application()
        server.attach(app)
        @server.event
        async def connect(sid, environ):
            await server.enter_room(sid, environ.get("HTTP_IDTOKEN", ""))
        async def emit(request):
            message = dict(await request.post())
            await server.emit("chat", message, room=message["to"])
            return web.json_response(message)
        app.router.add_post("/emit", emit)
        web.run_app(app, host="127.0.0.1", port=int(sys.argv[1]), print=None, access_log=None, backlog=4096)
        """#

    let port: UInt16
    private let process: ServerProcess

    /// nil (with why, printed by the caller) when Python lacks the packages.
    static func start(scratch: String) throws -> Result<SocketAnchor, LoadFailure> {
        let check = try Shell.run("/usr/bin/env", ["python3", "-c", "import aiohttp, socketio"])
        guard check.status == 0 else {
            return .failure(LoadFailure("the anchor needs aiohttp and python-socketio: pip install aiohttp python-socketio"))
        }
        return .success(try SocketAnchor(scratch: scratch))
    }

    private init(scratch: String) throws {
        port = try HTTPClient.freePort()
        process = try ServerProcess(
            ["/usr/bin/env", "python3", "-c", Self.script, "\(port)"],
            environment: ["PATH=\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")", "HOME=\(NSHomeDirectory())"],
            scratch: "\(scratch)/anchor")
        let client = HTTPClient(port: port)
        try process.wait(30) { client.accepts() }
    }

    var pid: pid_t { process.pid }

    func stop() {
        process.stop()
    }
}
