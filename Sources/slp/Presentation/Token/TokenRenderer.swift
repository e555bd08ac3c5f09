/// Draws `slp token`: the token alone on stdout (for `$(slp token …)`), or with whom it names
/// and until when for programs. Nothing else ever shows a token.
struct TokenRenderer {
    let format: OutputFormat
    /// With `--link`: the web client's sign-in link is printed instead of the bare token (in JSON, besides it).
    var link: SignInLink? = nil

    func render(_ issued: IssuedToken) -> Output {
        switch format {
        case .json:
            return .success(JSONValue.object([
                ("idtoken", .string(issued.token)), ("uid", .string(issued.uid.rawValue)),
                ("phoneNumber", issued.phone.map { .string($0.e164) } ?? .null),
                ("expiresAt", .string(Timestamp.format(issued.expiresAt))),
            ] + (link.map { [("link", .string($0.url(issued.token)))] } ?? [])).text + "\n")
        case .text:
            return .success((link?.url(issued.token) ?? issued.token) + "\n")
        }
    }
}
