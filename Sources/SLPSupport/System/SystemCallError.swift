#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A system call that failed: what was attempted and its errno, said as strerror(3) says it.
public struct SystemCallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was attempted ("tcgetattr", "cannot start /usr/sbin/lighttpd").
    public let operation: String
    public let code: Int32

    public init(operation: String, code: Int32) {
        self.operation = operation
        self.code = code
    }

    public var description: String { "\(operation): \(String(cString: strerror(code)))" }
}
