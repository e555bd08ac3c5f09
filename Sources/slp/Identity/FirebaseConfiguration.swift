#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPIdentity
import SLPWebClient

/// Firebase's settings from the environment: `SLP_FIREBASE_PROJECT` (the project id) and
/// `SLP_FIREBASE_CERTS` (a file of Google's securetoken certificates). Neither set: Firebase
/// tokens are not accepted; one without the other is a configuration error.
enum FirebaseConfiguration {
    /// The project and the certificates' file the environment names; nil when neither is set.
    static func source(_ environment: ProcessEnvironment) throws(Failure) -> (project: String, path: String)? {
        switch (environment["SLP_FIREBASE_PROJECT"], environment["SLP_FIREBASE_CERTS"]) {
        case (nil, nil): return nil
        case (let project?, let path?): return (project, path)
        default:
            throw Failure(
                code: "firebase_settings", status: nil, message: "set both SLP_FIREBASE_PROJECT and SLP_FIREBASE_CERTS, or neither",
                exitCode: .configuration)
        }
    }

    /// The settings, read and checked now: what `slp serve` does before it starts anything. A
    /// file that cannot be read or is not Google's certificates is one line naming it (exit 78).
    static func load(_ environment: ProcessEnvironment) throws(Failure) -> FirebaseSettings? {
        guard let (project, path) = try source(environment) else { return nil }
        do {
            return try FirebaseSettings(projectID: project, certificatesJSON: try read(path))
        } catch {
            throw Failure(code: "firebase_certs", status: nil, message: "SLP_FIREBASE_CERTS (\(path)): \(error.message)", exitCode: .configuration)
        }
    }

    /// The Firebase web app of `SLP_FIREBASE_WEB_CONFIG`, read and checked now (serve, before it
    /// starts anything); nil when it is not set. Set without `SLP_FIREBASE_PROJECT`, or a file
    /// that cannot be read or is not the config, is one line naming it (exit 78).
    static func webConfig(_ environment: ProcessEnvironment) throws(Failure) -> FirebaseWebConfig? {
        guard let path = environment[webConfigVariable] else { return nil }
        guard let project = environment["SLP_FIREBASE_PROJECT"] else {
            throw Failure(
                code: "firebase_web_config", status: nil, message: "\(webConfigVariable) needs SLP_FIREBASE_PROJECT and SLP_FIREBASE_CERTS",
                exitCode: .configuration)
        }
        do throws(WebConfigProblem) {
            guard let contents = FileManager.default.contents(atPath: path) else { throw WebConfigProblem("cannot be read") }
            return try FirebaseWebConfig(json: Array(contents), project: project)
        } catch {
            throw Failure(code: "firebase_web_config", status: nil, message: "\(webConfigVariable) (\(path)): \(error.message)", exitCode: .configuration)
        }
    }

    /// The variable naming the Firebase web app's config file.
    static let webConfigVariable = "SLP_FIREBASE_WEB_CONFIG"

    /// The file's bytes.
    static func read(_ path: String) throws(CryptoError) -> [UInt8] {
        guard let contents = FileManager.default.contents(atPath: path) else { throw CryptoError("cannot be read") }
        return Array(contents)
    }
}
