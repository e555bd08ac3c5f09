#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SLPIdentity
import SLPWebServer

/// Pushes as `slp serve` configures them: a Google service account file named by
/// `--fcm-credentials` or, as Google's libraries read it, `GOOGLE_APPLICATION_CREDENTIALS`,
/// checked before serving; the `slp-push` program that sends them, which serve starts beside
/// lighttpd. Neither named: serve runs without pushes.
enum PushConfiguration {
    /// The variable Google's libraries read, and what names the file to `slp-push`.
    static let credentialsVariable = "GOOGLE_APPLICATION_CREDENTIALS"
    /// Names the push sender to run instead of the `slp-push` beside this slp.
    static let senderVariable = "SLP_PUSH"
    /// The FCM endpoint (tests, a relay), passed on to the sender.
    static let endpointVariable = "SLP_FCM_URL"
    /// What libcurl reads, as curl's own tool does: the CAs to trust instead of the system's,
    /// and a proxy to go through.
    static let transportVariables = ["SSL_CERT_FILE", "CURL_CA_BUNDLE", "https_proxy", "HTTPS_PROXY", "no_proxy", "NO_PROXY"]

    /// The push sender's launch, its credentials checked now; nil when none are configured. A
    /// broken file is one line naming the fault (exit 78), never its path or key; a missing
    /// sender is one line (exit 69).
    static func launch(option: String?, environment: ProcessEnvironment, slp: String) throws(Failure) -> PushSenderLaunch? {
        let named = option.map { ("--fcm-credentials", $0) } ?? environment[credentialsVariable].map { (credentialsVariable, $0) }
        guard let (source, given) = named else { return nil }
        let path = given.hasPrefix("/") ? given : environment.currentDirectory + "/" + given
        do {
            _ = try ServiceAccount.load(path: path)
        } catch {
            throw Failure(code: "fcm_credentials", status: nil, message: "\(source): \(error.message)", exitCode: .configuration)
        }
        let sender = try sender(environment: environment, slp: slp)
        var passed = [(name: credentialsVariable, value: path)]
        for name in [endpointVariable] + transportVariables {
            if let value = environment[name] { passed.append((name, value)) }
        }
        return PushSenderLaunch(executable: sender, environment: passed)
    }

    /// `SLP_PUSH`, or `slp-push` in this slp's directory, if it can be run.
    private static func sender(environment: ProcessEnvironment, slp: String) throws(Failure) -> String {
        let path = environment[senderVariable] ?? String(slp[..<(slp.lastIndex(of: "/") ?? slp.startIndex)]) + "/slp-push"
        guard access(path, X_OK) == 0 else {
            throw Failure(
                code: "push_sender_missing", status: nil,
                message: "slp serve sends pushes with slp-push, which is not installed beside slp (or set \(senderVariable))",
                exitCode: .unavailable)
        }
        return path
    }
}
