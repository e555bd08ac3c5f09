#if PostgreSQL
import CLibPQ
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One connection to a PostgreSQL server through libpq, opened from a connection URI (libpq
/// reads the password from it, `PGPASSWORD` or `~/.pgpass`). Values go only as parameters, in
/// text form. Not Sendable: one task uses it at a time, like SQLite's `Connection`.
final class PGConnection {
    private let handle: OpaquePointer
    /// The database and where it is, for messages: `slp on /run/postgresql`, never a password.
    let target: String
    /// Statements prepared on the server, by their text: the name to execute them by, and
    /// where their results' columns stand.
    private var prepared: [String: (name: String, columns: PGColumns)] = [:]
    /// Statements run once and not prepared (yet).
    private var ranOnce: Set<String> = []
    /// How many statements `execute` was asked to run (`PGDatabase.readOneStatement` counts its reads').
    private(set) var statementsRun = 0

    init(uri: String) throws(PGError) {
        guard let (handle, timedOut) = PGConnection.connect(uri) else {
            throw PGError(kind: .connection, message: "cannot connect to PostgreSQL: out of memory")
        }
        target = PGConnection.describe(handle)
        guard !timedOut, PQstatus(handle) == CONNECTION_OK else {
            // libpq says which socket or address failed before why; the target already says where.
            var detail = Substring(timedOut ? "timeout expired" : PGError.oneLine(String(cString: PQerrorMessage(handle))))
            if let failed = detail.firstRange(of: " failed: ") { detail = detail[failed.upperBound...] }
            if detail.hasPrefix("FATAL:") { detail = detail.dropFirst("FATAL:".count).drop(while: \.isWhitespace) }
            PQfinish(handle)
            throw PGError(kind: .connection, message: "cannot connect to PostgreSQL database \(target): \(detail)")
        }
        self.handle = handle
    }

    deinit { PQfinish(handle) }

    /// Whether the connection still stands: false once libpq has seen it break (the server
    /// went away or ended this session), after which nothing sent on it can reach the server.
    var isOpen: Bool { PQstatus(handle) == CONNECTION_OK }

    /// Throws if the connection has broken, after reading without waiting what the server has
    /// already sent: a session the server ended while it waited for the client has said so.
    func confirmOpen() throws(PGError) {
        guard PQconsumeInput(handle) == 1, isOpen else { throw lost() }
    }

    /// Runs one statement with `values` as its parameters ($1, $2…; nil is NULL). A statement
    /// this connection runs a second time is prepared on the server then, and reused from then
    /// on: parsed and planned once. One-time statements cost one round trip as before.
    @discardableResult
    func execute(_ sql: String, _ values: [(any PGValue)?] = []) throws(PGError) -> PGResult {
        try execute(sql, texts: values.map { $0?.pgText })
    }

    /// `execute` with the parameters already in PostgreSQL's text form (nil is NULL).
    func execute(_ sql: String, texts: [String?]) throws(PGError) -> PGResult {
        statementsRun += 1
        if let (name, columns) = prepared[sql] {
            return try check(withParameters(texts) { PQexecPrepared(handle, name, Int32(texts.count), $0, nil, nil, 0) }, columns)
        }
        if ranOnce.remove(sql) != nil {
            let statement = (name: "slp_\(prepared.count)", columns: PGColumns())
            _ = try check(PQprepare(handle, statement.name, sql, Int32(texts.count), nil))
            prepared[sql] = statement
            return try check(
                withParameters(texts) { PQexecPrepared(handle, statement.name, Int32(texts.count), $0, nil, nil, 0) }, statement.columns)
        }
        ranOnce.insert(sql)
        return try check(withParameters(texts) { PQexecParams(handle, sql, Int32(texts.count), nil, $0, nil, nil, 0) })
    }

    /// Runs statements separated by semicolons, without parameters (migrations).
    func executeScript(_ sql: String) throws(PGError) {
        _ = try check(PQexec(handle, sql))
    }

    /// Runs `COPY … FROM STDIN` (text format), sending the rows `next` returns until it returns
    /// nil: a bulk load without statements or parameters per row.
    func copy(_ sql: String, rows next: () -> [UInt8]?) throws(PGError) {
        guard let started = PQexec(handle, sql) else { throw lost() }
        guard PQresultStatus(started) == PGRES_COPY_IN else {
            _ = try check(started)
            return
        }
        PQclear(started)
        var failed = false
        while !failed, let chunk = next() {
            failed = chunk.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { PQputCopyData(handle, $0.baseAddress, Int32(bytes.count)) != 1 }
            }
        }
        guard PQputCopyEnd(handle, nil) == 1, !failed else { throw lost() }
        // The COPY's outcome, then the end of its results.
        let result = PQgetResult(handle)
        while let extra = PQgetResult(handle) { PQclear(extra) }
        _ = try check(result)
    }

    /// The result of a statement, whose columns stand where `columns` says (learnt from this
    /// result when new).
    private func check(_ result: OpaquePointer?, _ columns: PGColumns = PGColumns()) throws(PGError) -> PGResult {
        guard let result else { throw lost() }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
            return PGResult(result, columns: columns)
        default:
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
            // The primary message alone: the full text adds a severity, a detail and a hint on more lines.
            let primary = PQresultErrorField(result, Int32(UInt8(ascii: "M"))) ?? PQresultErrorMessage(result)
            let message = PGError.oneLine(primary.map { String(cString: $0) } ?? "unknown error")
            PQclear(result)
            let kind = PQstatus(handle) == CONNECTION_OK ? PGError.kind(of: state) : .connection
            throw PGError(kind: kind, sqlState: state, message: "PostgreSQL database \(target): \(message)")
        }
    }

    /// Notifications received so far on channels this connection listens to, read without
    /// waiting: it only takes what the server has already sent.
    func drainNotifications() throws(PGError) -> Int {
        try confirmOpen()
        var count = 0
        while let notification = PQnotifies(handle) {
            PQfreemem(notification)
            count += 1
        }
        return count
    }

    /// Waits until the server sends something (a notification) or `limit` passes. The wait
    /// happens on another thread, which sees only the socket's number, so that the caller's
    /// actor stays free for other work meanwhile.
    nonisolated(nonsending) func waitForInput(upTo limit: Duration) async {
        let socket = PQsocket(handle)
        guard socket >= 0 else { return }
        let milliseconds = Int32(clamping: max(1, limit.components.seconds * 1_000 + limit.components.attoseconds / 1_000_000_000_000_000))
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, milliseconds)
                done.resume()
            }
        }
    }

    /// What slp sets when neither the URI nor the environment does: a bounded wait for a server
    /// that does not answer, and a name operators can find the sessions by.
    static let defaults: [(keyword: String, value: String, variable: String)] = [
        ("connect_timeout", "5", "PGCONNECT_TIMEOUT"),
        ("application_name", "slp", "PGAPPNAME"),
    ]

    /// Opens `uri` with `defaults` under it (listed before the URI, whose own values win), and
    /// whether it gave up at the connect timeout (or at `deadline`, when given). Step by step
    /// rather than with PQconnectdb, so that notices are silenced from the start: a session
    /// ended as it opens says so in a notice, which libpq would otherwise print on standard error.
    private static func connect(_ uri: String, deadline given: ContinuousClock.Instant? = nil) -> (OpaquePointer, timedOut: Bool)? {
        let settings = defaults.filter { getenv($0.variable) == nil }
        let keywords = (settings.map(\.keyword) + ["dbname"]).map { strdup($0) }
        let values = (settings.map(\.value) + [uri]).map { strdup($0) }
        defer { (keywords + values).forEach { free($0) } }
        let keywordPointers = keywords.map { $0.map { UnsafePointer<CChar>($0) } } + [nil]
        let valuePointers = values.map { $0.map { UnsafePointer<CChar>($0) } } + [nil]
        guard let handle = PQconnectStartParams(keywordPointers, valuePointers, 1) else { return nil }
        // Notices (a NOTICE from CREATE … IF NOT EXISTS) are not slp's output.
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
        guard PQstatus(handle) != CONNECTION_BAD else { return (handle, false) }
        let deadline = given ?? timeout(of: handle).map { ContinuousClock.now + $0 }
        var state = PGRES_POLLING_WRITING
        while state != PGRES_POLLING_OK, state != PGRES_POLLING_FAILED {
            var descriptor = pollfd(fd: PQsocket(handle), events: Int16(state == PGRES_POLLING_READING ? POLLIN : POLLOUT), revents: 0)
            let wait = deadline.map { Int32(min(Double(Int32.max), max(0, (($0 - .now) / .milliseconds(1)).rounded(.up)))) } ?? -1
            let ready = poll(&descriptor, 1, wait)
            if ready == 0 { return (handle, true) }
            if ready < 0, errno != EINTR { break }
            state = PQconnectPoll(handle)
        }
        return (handle, false)
    }

    /// Whether the server at `uri` answers a read of slp's schema before `deadline`, on a
    /// connection of its own, closed before this returns: never a wait past the deadline, however
    /// the server fails (stopped, frozen, out of reach), as libpq is asked without blocking. A
    /// read still running at the deadline is dropped with its connection (a cancel request would
    /// wait on the same server).
    static func answers(_ uri: String, before deadline: ContinuousClock.Instant) -> Bool {
        guard let (handle, timedOut) = connect(uri, deadline: deadline) else { return false }
        defer { PQfinish(handle) }
        guard !timedOut, PQstatus(handle) == CONNECTION_OK, PQsetnonblocking(handle, 1) == 0,
              PQsendQuery(handle, "SELECT version FROM slp.meta") == 1
        else { return false }
        var answered = false
        while true {
            while PQflush(handle) == 1 {
                guard wait(for: handle, POLLOUT, until: deadline) else { return false }
            }
            guard PQconsumeInput(handle) == 1 else { return false }
            while PQisBusy(handle) == 0 {
                guard let result = PQgetResult(handle) else { return answered }
                answered = PQresultStatus(result) == PGRES_TUPLES_OK && PQntuples(result) == 1
                PQclear(result)
            }
            guard wait(for: handle, POLLIN, until: deadline) else { return false }
        }
    }

    /// Whether `handle`'s socket is ready for `events` before `deadline`.
    private static func wait(for handle: OpaquePointer, _ events: Int32, until deadline: ContinuousClock.Instant) -> Bool {
        while true {
            let left = Int32(max(0, ((deadline - .now) / .milliseconds(1)).rounded(.up)))
            var descriptor = pollfd(fd: PQsocket(handle), events: Int16(events), revents: 0)
            let ready = poll(&descriptor, 1, left)
            if ready > 0 { return true }
            if ready == 0 || errno != EINTR { return false }
        }
    }

    /// The connect timeout in effect (libpq's rule: none when 0 or not a number, at least 2 s).
    private static func timeout(of handle: OpaquePointer) -> Duration? {
        guard let options = PQconninfo(handle) else { return nil }
        defer { PQconninfoFree(options) }
        var index = 0
        while let keyword = options[index].keyword {
            if String(cString: keyword) == "connect_timeout" {
                guard let value = options[index].val, let seconds = Int(String(cString: value)), seconds > 0 else { return nil }
                return .seconds(max(2, seconds))
            }
            index += 1
        }
        return nil
    }

    private func lost() -> PGError {
        PGError(kind: .connection, message: "lost the PostgreSQL database \(target): \(PGError.oneLine(String(cString: PQerrorMessage(handle))))")
    }

    /// "db on host": PQhost gives the socket directory for a Unix socket.
    private static func describe(_ handle: OpaquePointer) -> String {
        let database = PQdb(handle).map { String(cString: $0) } ?? "?"
        let host = PQhost(handle).map { String(cString: $0) } ?? "?"
        return "\(database) on \(host)"
    }

    private func withParameters<T>(_ values: [String?], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
        // Copies that live as long as the call: libpq reads them before it returns.
        let copies = values.map { $0.map { strdup($0) } ?? nil }
        defer { copies.forEach { free($0) } }
        return body(copies.map { $0.map { UnsafePointer<CChar>($0) } })
    }
}
#endif
