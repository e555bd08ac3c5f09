/// The page's `Content-Security-Policy`: its own files only (no inline script or style),
/// OpenStreetMap's tiles and the `data:` images Leaflet draws with, connections to this origin
/// (the API and the socket), and it may be framed by nobody. With Firebase phone sign-in
/// (`FirebaseWebConfig`) it also lets in just what that needs: the SDK's modules from their
/// origins, reCAPTCHA's script and frame, and Firebase Auth's two APIs.
package enum WebContentPolicy {
    /// Where reCAPTCHA's scripts come from, and its challenge frames.
    package static let recaptchaScripts = ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"]
    package static let recaptchaFrames = ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"]
    /// What Firebase Auth's phone sign-in calls: sending the code, and minting and refreshing tokens.
    package static let firebaseAPIs = ["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com"]

    /// Every directive the policy may have, in the header's order, with the sources the page
    /// always allows. One without sources is left out (`default-src` governs it) until a
    /// variant widens it.
    static let directives: [(name: String, sources: [String])] = [
        ("default-src", ["'self'"]),
        ("script-src", ["'self'"]),
        ("style-src", ["'self'"]),
        ("img-src", ["'self'", "data:", "https://tile.openstreetmap.org"]),
        ("connect-src", ["'self'"]),
        ("frame-src", []),
        ("base-uri", ["'none'"]),
        ("form-action", ["'self'"]),
        ("frame-ancestors", ["'none'"]),
    ]

    package static func header(firebase: FirebaseWebConfig?) -> String {
        var policy = directives
        if let firebase {
            widen(&policy, "script-src", by: firebase.moduleOrigins + recaptchaScripts)
            widen(&policy, "connect-src", by: firebaseAPIs)
            widen(&policy, "frame-src", by: recaptchaFrames)
        }
        return policy.filter { !$0.sources.isEmpty }.map { ([$0.name] + $0.sources).joined(separator: " ") }.joined(separator: "; ")
    }

    /// Adds `sources` to the directive `name` of `policy` (a name it lacks goes last).
    private static func widen(_ policy: inout [(name: String, sources: [String])], _ name: String, by sources: [String]) {
        guard let index = policy.firstIndex(where: { $0.name == name }) else { return policy.append((name, sources)) }
        policy[index].sources += sources
    }
}
