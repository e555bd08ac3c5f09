import Foundation

/// The TCP addresses a process listens on, from /proc: its socket descriptors matched with the
/// listening entries of /proc/net/tcp and tcp6 (IPv4 ones as `127.0.0.1:1210`).
enum ListeningSockets {
    static func of(pid: Int32) -> Set<String> {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        let inodes = Set(descriptors.compactMap { name -> String? in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(name)"),
                target.hasPrefix("socket:[") else { return nil }
            return String(target.dropFirst(8).dropLast())
        })
        var listening = Set<String>()
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            for line in ((try? String(contentsOfFile: table, encoding: .utf8)) ?? "").split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                // local address, state (0A: listening), inode
                guard fields.count > 9, fields[3] == "0A", inodes.contains(String(fields[9])) else { continue }
                listening.insert(address(fields[1]))
            }
        }
        return listening
    }

    /// The process `parent` started whose command is `command`.
    static func child(of parent: Int32, named command: String) -> Int32? {
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
            else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if stat[stat.index(after: open)..<close] == command, fields.count > 1, Int32(fields[1]) == parent { return pid }
        }
        return nil
    }

    /// `0100007F:04BA` as `127.0.0.1:1210`; an IPv6 address stays hexadecimal, port in decimal.
    private static func address(_ field: Substring) -> String {
        let parts = field.split(separator: ":")
        let port = Int(parts[1], radix: 16) ?? 0
        guard parts[0].count == 8, let host = UInt32(parts[0], radix: 16) else { return "\(parts[0]):\(port)" }
        return "\(host & 0xFF).\(host >> 8 & 0xFF).\(host >> 16 & 0xFF).\(host >> 24):\(port)"
    }
}
