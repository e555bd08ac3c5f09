#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The Firebase web app an operator names to `slp serve` (`SLP_FIREBASE_WEB_CONFIG`, SPEC §8):
/// what the page hands Firebase's `initializeApp` (`apiKey`, `authDomain`, `projectId`, `appId`)
/// and where the Firebase JS SDK's two modules are (`sdk.app`, `sdk.auth`, the operator's
/// version). With it the page offers Firebase phone sign-in, and its Content-Security-Policy lets
/// in the SDK's origins and what phone sign-in reaches (`WebContentPolicy`), nothing more.
package struct FirebaseWebConfig: Sendable, Equatable {
    package let apiKey: String
    package let authDomain: String
    package let projectID: String
    package let appID: String
    /// The URLs of `firebase-app.js` and `firebase-auth.js`.
    package let appModule: String
    package let authModule: String
    /// The name of the page's `<meta>` that carries `pageJSON`.
    package static let metaName = "slp-firebase"
    /// The origins of the two modules (`https://www.gstatic.com`), once each.
    package let moduleOrigins: [String]

    /// The file's JSON, checked: every field there, the project `project` (`SLP_FIREBASE_PROJECT`,
    /// whose tokens slp accepts), and each module over https (http only from this machine).
    package init(json: [UInt8], project: String) throws(WebConfigProblem) {
        guard let file = try? JSONDecoder().decode(File.self, from: Data(json)) else {
            throw WebConfigProblem("not a JSON object of the Firebase web app's config (apiKey, authDomain, projectId, appId, sdk)")
        }
        func required(_ value: String?, _ name: String) throws(WebConfigProblem) -> String {
            guard let value, !value.isEmpty else { throw WebConfigProblem("'\(name)' is missing") }
            return value
        }
        apiKey = try required(file.apiKey, "apiKey")
        authDomain = try required(file.authDomain, "authDomain")
        projectID = try required(file.projectId, "projectId")
        appID = try required(file.appId, "appId")
        appModule = try required(file.sdk?.app, "sdk.app")
        authModule = try required(file.sdk?.auth, "sdk.auth")
        guard projectID == project else {
            throw WebConfigProblem("projectId '\(projectID)' is not SLP_FIREBASE_PROJECT '\(project)'")
        }
        var origins: [String] = []
        for (name, url) in [("sdk.app", appModule), ("sdk.auth", authModule)] {
            guard let origin = Self.origin(of: url) else {
                throw WebConfigProblem("'\(name)' is not an https URL of a module (http only from 127.0.0.1, ::1 or localhost)")
            }
            if !origins.contains(origin) { origins.append(origin) }
        }
        moduleOrigins = origins
    }

    /// What the page reads (`<meta name="slp-firebase">`): the app's config and the modules' URLs.
    package var pageJSON: String {
        let page = File(
            apiKey: apiKey, authDomain: authDomain, projectId: projectID, appId: appID, sdk: .init(app: appModule, auth: authModule))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(page)) ?? Data(), as: UTF8.self)
    }

    /// `scheme://host[:port]` of an absolute https URL (http for a loopback host), or nil. Only
    /// letters, digits, dots, dashes and an IPv6 literal's brackets and colons make a host here,
    /// so the origin goes into a header and lighttpd's configuration as it is.
    static func origin(of text: String) -> String? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), var host = url.host, !host.isEmpty,
              url.user == nil, url.password == nil, url.path.count > 1
        else { return nil }
        host = host.lowercased()
        let bare = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        let loopback = ["127.0.0.1", "::1", "localhost"].contains(bare)
        guard scheme == "https" || (scheme == "http" && loopback),
              bare.unicodeScalars.allSatisfy({ ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || ".-:".unicodeScalars.contains($0) })
        else { return nil }
        let shown = bare.contains(":") ? "[\(bare)]" : bare
        return "\(scheme)://\(shown)" + (url.port.map { ":\($0)" } ?? "")
    }

    /// The file as the operator writes it.
    private struct File: Codable {
        struct SDK: Codable {
            let app: String?
            let auth: String?
        }
        let apiKey: String?
        let authDomain: String?
        let projectId: String?
        let appId: String?
        let sdk: SDK?
    }
}
