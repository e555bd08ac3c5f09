import SLPCommandLine

/// The web client's sign-in link for a token (`slp token --link`): `{base}/#token=…`. The token
/// rides in the fragment, which a browser never sends to a server, so no access line or proxy
/// sees it. The base is where people reach `slp serve`: `--base`, else `SLP_BASE_URL`, else
/// serve's own default address.
struct SignInLink: Equatable {
    static let variable = "SLP_BASE_URL"
    static let defaultBase = "http://127.0.0.1:1210"

    /// The base without a trailing slash.
    let base: String

    /// From `--base` (`option`) or the environment's `SLP_BASE_URL` (`variable`); a usage error
    /// naming which for anything but an http:// or https:// address with a host and no query or
    /// fragment.
    init(option: String?, variable: String?) throws(UsageError) {
        let (given, source) = option.map { ($0, "--base") } ?? variable.map { ($0, Self.variable) } ?? (Self.defaultBase, "")
        var base = Substring(given)
        while base.hasSuffix("/") { base = base.dropLast() }
        let lowered = base.lowercased()
        let scheme = ["http://", "https://"].first { lowered.hasPrefix($0) }
        guard let scheme, base.count > scheme.count, !base.dropFirst(scheme.count).hasPrefix("/"),
              !base.contains(where: { $0 == "#" || $0 == "?" || $0 == "\"" || $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true })
        else {
            throw UsageError(
                message: "\(source): the address people open slp serve at, as http://HOST[:PORT][/PATH] or https://…, with no query or fragment",
                commandPath: ["token"], code: "invalid_value")
        }
        self.base = String(base)
    }

    func url(_ token: String) -> String { base + "/#token=" + token }
}
