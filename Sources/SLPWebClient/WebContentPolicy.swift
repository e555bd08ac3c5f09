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

    package static func header(firebase: FirebaseWebConfig?) -> String {
        var directives = [
            "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data: https://tile.openstreetmap.org",
            "connect-src 'self'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
        ]
        if let firebase {
            directives[1] += " " + (firebase.moduleOrigins + recaptchaScripts).joined(separator: " ")
            directives[4] += " " + firebaseAPIs.joined(separator: " ")
            directives.insert((["frame-src"] + recaptchaFrames).joined(separator: " "), at: 5)
        }
        return directives.joined(separator: "; ")
    }
}
