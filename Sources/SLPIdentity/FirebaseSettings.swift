#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The Firebase project whose ID tokens are accepted, and Google's certificates for it
/// (`SLP_FIREBASE_PROJECT`, `SLP_FIREBASE_CERTS`: the JSON object `{kid: PEM certificate}`
/// Google publishes for securetoken), or the knowledge that they cannot be read just now.
public struct FirebaseSettings: Sendable {
    public let projectID: String
    /// PEM certificates by key id; nil while they cannot be read (the project's tokens are then
    /// recognised, and answered `FirebaseKeysUnavailable`).
    let certificates: [String: String]?

    /// `certificatesJSON` as Google publishes it; refused when it is not such an object, or
    /// when a certificate in it does not hold an RSA key of at least 2048 bits.
    public init(projectID: String, certificatesJSON: [UInt8]) throws(CryptoError) {
        let project = try Self.checked(projectID)
        guard let certificates = try? JSONDecoder().decode([String: String].self, from: Data(certificatesJSON)), !certificates.isEmpty else {
            throw CryptoError("not a JSON object of key ids and PEM certificates")
        }
        for (kid, pem) in certificates.sorted(by: { $0.key < $1.key }) where RSAPublicKey(certificatePEM: pem) == nil {
            throw CryptoError("the certificate of key id '\(kid.prefix(40))' is not an X.509 certificate with an RSA key of 2048 bits or more")
        }
        self.projectID = project
        self.certificates = certificates
    }

    /// The project `projectID`, whose certificates cannot be read now.
    public static func unavailable(projectID: String) throws(CryptoError) -> FirebaseSettings {
        FirebaseSettings(checkedProject: try checked(projectID))
    }

    private init(checkedProject: String) {
        projectID = checkedProject
        certificates = nil
    }

    private static func checked(_ projectID: String) throws(CryptoError) -> String {
        guard !projectID.isEmpty, projectID.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw CryptoError("the Firebase project id is empty or not printable ASCII")
        }
        return projectID
    }

    /// The `iss` of the project's ID tokens.
    var issuer: String { "https://securetoken.google.com/" + projectID }
}
