import Foundation

/// CPU time used so far by one process and every process under it (seconds): each running
/// one's own time, and what the ones they have reaped used (a CGI program lighttpd ran and
/// waited for). Two samples of a server's tree tell what its requests cost, apart from the
/// clients that share the cores.
enum ProcessTreeCPU {
    static func seconds(root: pid_t) -> Double {
        var parents: [pid_t: pid_t] = [:]
        var times: [pid_t: Double] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(name), let stat = stat(pid) else { continue }
            parents[pid] = stat.parent
            times[pid] = stat.ticks
        }
        let inTree = { (pid: pid_t) -> Bool in
            var current = pid
            while current > 1 {
                if current == root { return true }
                guard let parent = parents[current] else { return false }
                current = parent
            }
            return false
        }
        return times.reduce(0) { $0 + (inTree($1.key) ? $1.value : 0) } / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The parent and utime + stime + cutime + cstime (clock ticks) of /proc/PID/stat.
    private static func stat(_ pid: pid_t) -> (parent: pid_t, ticks: Double)? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        // Fields after the command name, from the state (field 3) on.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 14, let parent = pid_t(fields[1]) else { return nil }
        return (parent, (11...14).reduce(0) { $0 + (Double(fields[$1]) ?? 0) })
    }
}
