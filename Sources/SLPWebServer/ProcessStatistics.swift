#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A process's figures for Prometheus' standard `process_*` metrics, read from /proc (Linux).
package struct ProcessStatistics: Equatable, Sendable {
    package let cpuSeconds: Double
    package let residentBytes: Double
    package let virtualBytes: Double
    package let startTimeSeconds: Double
    package let openFiles: Double
    package let maxFiles: Double

    /// `pid`'s figures; nil when it is gone or /proc does not show it.
    package static func of(pid: Int32) -> ProcessStatistics? {
        guard pid > 0, let stat = Self.contents(of: "/proc/\(pid)/stat"), let end = stat.lastIndex(of: ")") else { return nil }
        // After the command's closing parenthesis: state (field 3) onwards.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        let page = Double(sysconf(Int32(_SC_PAGESIZE)))
        guard fields.count > 21, let user = Double(fields[11]), let system = Double(fields[12]), let start = Double(fields[19]),
            let virtual = Double(fields[20]), let resident = Double(fields[21]), let boot = bootTime()
        else { return nil }
        return ProcessStatistics(
            cpuSeconds: (user + system) / ticks, residentBytes: resident * page, virtualBytes: virtual,
            startTimeSeconds: boot + start / ticks, openFiles: Double(openFiles(pid: pid) ?? 0), maxFiles: maxFiles(pid: pid) ?? 0)
    }

    /// The machine's boot, in seconds since the epoch (/proc/stat's `btime`).
    private static func bootTime() -> Double? {
        guard let stat = contents(of: "/proc/stat") else { return nil }
        for line in stat.split(separator: "\n") where line.hasPrefix("btime ") { return Double(line.dropFirst(6)) }
        return nil
    }

    private static func openFiles(pid: Int32) -> Int? {
        guard let directory = opendir("/proc/\(pid)/fd") else { return nil }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            if entry.pointee.d_name.0 != CChar(UInt8(ascii: ".")) { count += 1 }
        }
        return count
    }

    /// The soft limit of open files (/proc's `Max open files` line).
    private static func maxFiles(pid: Int32) -> Double? {
        guard let limits = contents(of: "/proc/\(pid)/limits") else { return nil }
        for line in limits.split(separator: "\n") where line.hasPrefix("Max open files") {
            return line.dropFirst("Max open files".count).split(separator: " ").first.flatMap { Double($0) }
        }
        return nil
    }

    /// A /proc file's text (their size reads as 0, so read to the end).
    static func contents(of path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return count == 0 ? String(decoding: bytes, as: UTF8.self) : nil }
            bytes += buffer[..<count]
        }
    }
}
