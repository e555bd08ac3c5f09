/// Draws `slp token`: the token alone on stdout (for `$(slp token …)`), or with whom it names
/// and until when for programs. Nothing else ever shows a token.
struct TokenRenderer {
    let format: OutputFormat
    let failures: FailureRenderer

    func render(_ state: TokenFeature.State) -> Output {
        if let failure = state.failure { return failures.render(failure, format: format) }
        guard let issued = state.token else {
            return failures.render(Failure(code: "internal_error", status: nil, message: "no token", exitCode: .software), format: format)
        }
        switch format {
        case .json:
            return .success(JSONValue.object([
                ("idtoken", .string(issued.token)), ("uid", .string(issued.uid.rawValue)),
                ("phoneNumber", issued.phone.map { .string($0.e164) } ?? .null),
                ("expiresAt", .string(Timestamp.format(issued.expiresAt))),
            ]).text + "\n")
        case .text:
            return .success(issued.token + "\n")
        }
    }
}
