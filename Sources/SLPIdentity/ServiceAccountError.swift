/// Why a Google service account file cannot be used: one line naming the fault, never the
/// file's path or any of its key material.
package struct ServiceAccountError: Error, Equatable, Sendable, CustomStringConvertible {
    package let message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }

    static func unreadable(_ reason: String) -> ServiceAccountError {
        ServiceAccountError("the service account file cannot be read (\(reason))")
    }

    static let tooLarge = ServiceAccountError("the service account file is larger than \(ServiceAccount.maxFileSize / 1024) KiB")
    static let notJSON = ServiceAccountError("the service account file is not a JSON object")
    static let wrongType = ServiceAccountError("the service account file's type is not service_account")

    static func missing(_ field: String) -> ServiceAccountError {
        ServiceAccountError("the service account file has no string field \(field)")
    }

    static func invalid(_ field: String, _ expected: String) -> ServiceAccountError {
        ServiceAccountError("the service account file's \(field) is not \(expected)")
    }

    static let privateKeyUnreadable = ServiceAccountError(
        "the service account's private_key is unreadable: not an unencrypted PEM RSA key of \(RSAPublicKey.minimumBits) bits or more")
}
