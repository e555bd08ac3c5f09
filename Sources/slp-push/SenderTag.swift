#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A sender as the owner of its leases: host name, process id and the process's start (clock
/// ticks since boot, as /proc gives it), so that a sender on the same host can tell for sure
/// that the holder of a lease has ended (a process id alone is used again after a while), and
/// take its pushes over at once instead of when the lease runs out.
enum SenderTag {
    /// This process's tag.
    static let current = "\(host)/\(getpid())/\(start(of: getpid()) ?? "0")"

    /// Whether `tag` names a process of this host that has ended; false for another host's.
    static func isGone(_ tag: String) -> Bool {
        let parts = tag.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == host[...], let pid = pid_t(parts[1]) else { return false }
        return start(of: pid) != String(parts[2])
    }

    private static let host: String = {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return "localhost" }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()

    /// When process `pid` started (field 22 of /proc/PID/stat); nil when there is no such process.
    private static func start(of pid: pid_t) -> String? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
        let stat = String(decoding: data, as: UTF8.self)
        // The command name, in parentheses, may hold spaces: the fields after its last ')' start at field 3.
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 19 ? String(fields[19]) : nil
    }
}
