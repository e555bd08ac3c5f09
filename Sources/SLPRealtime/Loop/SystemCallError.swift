#if canImport(Glibc)
import Glibc
#endif

/// A system call that failed: which, and the error it gave.
package struct SystemCallError: Error, Equatable, Sendable, CustomStringConvertible {
    package let call: String
    package let code: Int32

    package init(_ call: String, _ code: Int32) {
        self.call = call
        self.code = code
    }

    package var description: String { "\(call): \(String(cString: strerror(code)))" }
}
