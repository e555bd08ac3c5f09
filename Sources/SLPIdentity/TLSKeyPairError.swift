/// Why the TLS files cannot be served: which file, and one line naming the fault, never the
/// file's path or any of its content.
package struct TLSKeyPairError: Error, Equatable, Sendable {
    package enum File: String, Sendable, CustomStringConvertible {
        case certificate, key

        package var description: String { rawValue }
    }

    package let file: File
    package let message: String

    init(_ file: File, _ message: String) {
        self.file = file
        self.message = message
    }
}
