import Foundation

/// The slp processes run from the private directory of an `slp serve` under `scratch` (its
/// `TMPDIR`): CGI processes (lighttpd's) told apart by `GATEWAY_INTERFACE`, which only they have,
/// the health answerer by the workers' sockets in its environment.
enum ServeProcesses {
    /// The SCGI workers.
    static func workers(under scratch: String) -> [Int32] {
        processes(under: scratch, cgi: false).filter { !isHealthAnswerer($0) }
    }

    /// The health answerer (`/healthz`), if it runs.
    static func healthAnswerer(under scratch: String) -> Int32? {
        processes(under: scratch, cgi: false).first(where: isHealthAnswerer)
    }

    private static func isHealthAnswerer(_ pid: Int32) -> Bool {
        let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") ?? Data()
        return String(decoding: environment, as: UTF8.self).split(separator: "\u{0}").contains { $0.hasPrefix("SLP_HEALTH_WORKER_SOCKETS=") }
    }

    /// Whether `pid` is seen stopped (state `T`, as SIGSTOP leaves it) within 10 s: what a test
    /// waits for before it times what a stopped process causes.
    static func awaitStopped(_ pid: Int32) -> Bool {
        awaitState(of: pid) { state, _ in state == "T" } == true
    }

    /// Whether `pid` is seen dead within 10 s: gone, or a zombie with no other thread left (a
    /// killed process's main thread is one while the others still close its files). `kill` only
    /// sends a signal: until then a thread blocked in `accept` may still take a connection, and
    /// the process still holds its locks.
    static func awaitDead(_ pid: Int32) -> Bool {
        awaitState(of: pid) { state, threads in state == "Z" && threads <= 1 } != false
    }

    /// Looks at `pid`'s state and thread count until `wanted` holds (true), for 10 s (false);
    /// nil once it is gone.
    private static func awaitState(of pid: Int32, _ wanted: (Substring, Int) -> Bool) -> Bool? {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return nil }
            let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count) ?? 0
            if let state = stat[stat.index(after: close)...].split(separator: " ").first, wanted(state, threads) { return true }
            usleep(1_000)
        }
        return false
    }

    /// The CGI processes (long polls of `/v1/events`).
    static func cgi(under scratch: String) -> [Int32] { processes(under: scratch, cgi: true) }

    /// The realtime hub a serve started (`SLP_HUB_SOCKET` in its environment), if it runs.
    static func hub(of serve: Int32) -> Int32? {
        descendants(of: serve).first { pid in
            let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") ?? Data()
            return String(decoding: environment, as: UTF8.self).split(separator: "\u{0}").contains { $0.hasPrefix("SLP_HUB_SOCKET=") }
        }
    }

    /// Where the hub `pid` listens (`SLP_HUB_SOCKET`).
    static func hubSocket(of pid: Int32) -> String? {
        let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") ?? Data()
        return String(decoding: environment, as: UTF8.self).split(separator: "\u{0}")
            .first { $0.hasPrefix("SLP_HUB_SOCKET=") }.map { String($0.dropFirst("SLP_HUB_SOCKET=".count)) }
    }

    /// The lighttpd processes below the serve `pid`: the one it runs, and each generation a
    /// certificate renewal left behind while it lives.
    static func lighttpds(of serve: Int32) -> [Int32] {
        descendants(of: serve).filter { pid in
            (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8))?.contains("lighttpd") == true
        }
    }

    /// Every process below `pid`: its children, theirs, and so on.
    static func descendants(of pid: Int32) -> [Int32] {
        var parents: [Int32: Int32] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let child = Int32(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            // After the command's closing parenthesis: state, then the parent's pid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = Int32(fields[1]) { parents[child] = parent }
        }
        var found: [Int32] = []
        var frontier = [pid]
        while let next = frontier.popLast() {
            let children = parents.filter { $0.value == next }.map(\.key)
            found += children
            frontier += children
        }
        return found.sorted()
    }

    /// How many descriptors `pid` has open.
    static func openDescriptors(of pid: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
    }

    /// How many connections accepted on the Unix socket at `path` process `pid` holds open:
    /// its descriptors that `/proc/net/unix` lists as connected with that path (a listener is
    /// not connected; a connecting client has no path).
    static func connections(of pid: Int32, on path: String) -> Int {
        let held = Set(((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []).compactMap { entry in
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(entry)")
        })
        // Read to its end: Foundation's whole-file reads stop after the first page of a /proc file.
        let table = String(decoding: (try? FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/net/unix")).readToEnd()) ?? Data(), as: UTF8.self)
        // Num RefCount Protocol Flags Type St Inode Path; St 03 is connected.
        return table.split(separator: "\n").dropFirst().filter { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            return fields.count == 8 && fields[5] == "03" && fields[7] == path && held.contains("socket:[\(fields[6])]")
        }.count
    }

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
