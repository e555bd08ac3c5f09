#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// The sender's lines on serve's error log, each a whole line in one write. A fault that stays
/// (a configuration to mend) is said once per kind, not for every push it holds up; none ever
/// names a token, a key, the credentials' path, or an access token.
enum SenderLog {
    private static let said = Mutex<Set<String>>([])

    static func say(_ message: String) {
        let line = Array("slp push: \(message)\n".utf8)
        line.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(STDERR_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// `message`, unless a line of the same `kind` was already written.
    static func once(_ kind: String, _ message: @autoclosure () -> String) {
        guard said.withLock({ $0.insert(kind).inserted }) else { return }
        say(message())
    }
}
