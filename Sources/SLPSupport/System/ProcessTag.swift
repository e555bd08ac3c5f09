#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// This process told apart from every other, here or on another machine, now or later: host name,
/// process id and the time it was asked (a process id alone is used again after a while).
public enum ProcessTag {
    public static func current() -> String {
        var name = [CChar](repeating: 0, count: 256)
        let host = gethostname(&name, name.count - 1) == 0
            ? String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "localhost"
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return "\(host)/\(getpid())/\(now.tv_sec).\(now.tv_nsec / 1_000_000)"
    }
}
