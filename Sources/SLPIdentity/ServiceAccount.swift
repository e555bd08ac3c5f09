#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SLPSupport

/// A Google service account (Firebase console → Project settings → Service accounts): what
/// FCM HTTP v1 needs to obtain access tokens and to name the project it sends for.
package struct ServiceAccount: Sendable, CustomStringConvertible {
    /// Google's files are about 2.3 KB.
    static let maxFileSize = 64 * 1024

    package let projectID: String
    package let privateKeyID: String
    package let clientEmail: String
    /// Where access tokens are obtained: https, or http only to a loopback host (tests).
    package let tokenURI: String
    package let privateKey: RSAPrivateKey

    /// The account the JSON text `json` describes.
    package init(json: some Collection<UInt8>) throws(ServiceAccountError) {
        guard json.count <= Self.maxFileSize, let members = JSONReader.object(Array(json)) else { throw .notJSON }
        func field(_ name: String) throws(ServiceAccountError) -> String {
            guard case .string(let value)? = members[name], !value.isEmpty else { throw .missing(name) }
            return value
        }
        guard try field("type") == "service_account" else { throw .wrongType }
        projectID = try field("project_id")
        // The project id goes into the send URL's path.
        guard projectID.utf8.allSatisfy(Self.isProjectByte) else {
            throw .invalid("project_id", "made of letters, digits, '-', '.' and ':'")
        }
        privateKeyID = try field("private_key_id")
        clientEmail = try field("client_email")
        guard (privateKeyID + clientEmail).utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw .invalid("private_key_id or client_email", "printable ASCII")
        }
        tokenURI = try field("token_uri")
        guard Self.isAcceptedTokenURI(tokenURI) else {
            throw .invalid("token_uri", "an https URL (or http to a loopback host)")
        }
        guard let key = RSAPrivateKey(pkcs8PEM: try field("private_key")) else { throw .privateKeyUnreadable }
        privateKey = key
    }

    /// The account in the file at `path` (named by `--fcm-credentials` or
    /// `GOOGLE_APPLICATION_CREDENTIALS`); errors never name the path.
    package static func load(path: String) throws(ServiceAccountError) -> ServiceAccount {
        let bytes: [UInt8]
        do {
            bytes = try SmallFile.contents(path: path, limit: maxFileSize)
        } catch {
            switch error {
            case .unreadable(let reason): throw .unreadable(reason)
            case .tooLarge: throw .tooLarge
            }
        }
        return try ServiceAccount(json: bytes)
    }

    package var description: String {
        "ServiceAccount(project: \(projectID), client: \(clientEmail), key id: \(privateKeyID), private key hidden)"
    }

    private static func isProjectByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    /// https to any host; http only to 127.0.0.1, ::1 or localhost, so no access token goes out
    /// in clear text beyond this machine.
    static func isAcceptedTokenURI(_ uri: String) -> Bool {
        guard uri.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return false }
        let authorityAndPath: Substring
        let secure: Bool
        if uri.hasPrefix("https://") {
            authorityAndPath = uri.dropFirst("https://".count)
            secure = true
        } else if uri.hasPrefix("http://") {
            authorityAndPath = uri.dropFirst("http://".count)
            secure = false
        } else {
            return false
        }
        let authority = authorityAndPath.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty, !authority.contains("@") else { return false }
        if secure { return true }
        let host: Substring
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return false }
            host = authority[...close]
        } else {
            host = authority.prefix { $0 != ":" }
        }
        return host == "127.0.0.1" || host == "[::1]" || host == "localhost"
    }
}
