#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The Firebase project whose ID tokens are accepted, and Google's certificates for it
/// (`SLP_FIREBASE_PROJECT`, `SLP_FIREBASE_CERTS`: the JSON object `{kid: PEM certificate}`
/// Google publishes for securetoken).
public struct FirebaseSettings: Sendable {
    public let projectID: String
    /// PEM certificates by key id.
    let certificates: [String: String]

    /// `certificatesJSON` as Google publishes it; refused when it is not such an object.
    public init(projectID: String, certificatesJSON: [UInt8]) throws(CryptoError) {
        guard !projectID.isEmpty, projectID.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw CryptoError("the Firebase project id is empty or not printable ASCII")
        }
        guard let certificates = try? JSONDecoder().decode([String: String].self, from: Data(certificatesJSON)), !certificates.isEmpty else {
            throw CryptoError("the Firebase certificates are not a JSON object of key ids and PEM certificates")
        }
        self.projectID = projectID
        self.certificates = certificates
    }

    /// The `iss` of the project's ID tokens.
    var issuer: String { "https://securetoken.google.com/" + projectID }
}
