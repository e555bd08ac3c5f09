#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPIdentity

/// Firebase's settings from the environment: `SLP_FIREBASE_PROJECT` (the project id) and
/// `SLP_FIREBASE_CERTS` (a file of Google's securetoken certificates). Neither set: Firebase
/// tokens are not accepted; one without the other, or a file that cannot be read, is an error.
enum FirebaseConfiguration {
    static func load(_ environment: ProcessEnvironment) throws -> FirebaseSettings? {
        let project = environment["SLP_FIREBASE_PROJECT"], certificates = environment["SLP_FIREBASE_CERTS"]
        switch (project, certificates) {
        case (nil, nil):
            return nil
        case (let project?, let path?):
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw Failure(code: "firebase_certs", status: nil, message: "SLP_FIREBASE_CERTS: cannot read \(path)", exitCode: .ioError)
            }
            do {
                return try FirebaseSettings(projectID: project, certificatesJSON: Array(contents))
            } catch {
                throw Failure(code: "firebase_certs", status: nil, message: "SLP_FIREBASE_CERTS: \(error.message) (\(path))", exitCode: .usage)
            }
        default:
            throw Failure(
                code: "firebase_settings", status: nil, message: "set both SLP_FIREBASE_PROJECT and SLP_FIREBASE_CERTS, or neither",
                exitCode: .usage)
        }
    }
}
