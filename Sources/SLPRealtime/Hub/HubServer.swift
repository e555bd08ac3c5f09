#if canImport(Glibc)
import Glibc
#endif

/// The realtime hub: one event loop holding every connection lighttpd hands it on a Unix
/// socket. Each request goes to `route` as soon as its head is in (the composition tells its
/// paths apart: Socket.IO's to `engineIO`, the long polls), or is not found.
package final class HubServer {
    package let loop: EventLoop
    package let engineIO: EngineIOServer
    private let listener: UnixListener
    private let settings: HubSettings
    /// Every open connection (the loop owns each; this is the list `stop` closes).
    private var connections: [Int32: HubConnection] = [:]
    /// Every request, by its head (the route reads the body if it wants it).
    package var route: ((HubConnection, HTTPRequestHead) -> Void)?
    /// What the route holds says its goodbye here (the composition's long polls).
    package var onGoodbye: (() -> Void)?

    /// Listens at `path`; `commands` reach the loop from other threads.
    package init(path: String, settings: HubSettings, commands: LoopMailbox<HubCommand>, gate: HubGate) throws(SystemCallError) {
        loop = try EventLoop()
        self.settings = settings
        listener = try UnixListener(path: path)
        engineIO = EngineIOServer(loop: loop, settings: settings, gate: gate)
        // The server owns the loop: its handlers hold the server weakly, so no cycle keeps either.
        try loop.watch(listener.descriptor) { [weak self] _ in self?.acceptWaiting() }
        try loop.watch(commands) { [weak self] commands in
            guard let self else { return }
            for command in commands {
                switch command {
                case .emit(let uid, let event, let json): engineIO.emit(to: uid, event: event, json: json)
                case .goodbye: sayGoodbye()
                case .stop: stop()
                }
            }
        }
    }

    /// Connections open now, for the metrics.
    package var connectionCount: Int { connections.count }

    /// Serves until a `stop` command.
    package func run() throws(SystemCallError) {
        try loop.run()
    }

    /// Serve is stopping: every client is told to go (`EngineIOServer.sayGoodbye`, `onGoodbye`),
    /// as is every one that still comes; the hub serves on until stopped.
    package func sayGoodbye() {
        engineIO.sayGoodbye()
        onGoodbye?()
    }

    private func acceptWaiting() {
        while let descriptor = listener.accept() {
            let ended: (Int32) -> Void = { [weak self] descriptor in self?.connections[descriptor] = nil }
            guard let connection = try? HubConnection(descriptor: descriptor, loop: loop, settings: settings, ended: ended) else {
                close(descriptor)
                continue
            }
            connections[descriptor] = connection
            connection.onHead = { [weak self] connection, head in
                guard let self else { return }
                if let route {
                    route(connection, head)
                } else {
                    connection.respond(.refusal(404, code: "not_found", message: "no such path"))
                }
            }
        }
    }

    private func stop() {
        for connection in Array(connections.values) { connection.close() }
        loop.stop()
    }
}
