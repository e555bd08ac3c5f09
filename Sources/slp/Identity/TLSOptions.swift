import SLPCommandLine
import SLPIdentity
import SLPWebServer

/// `slp serve --tls-cert FILE --tls-key FILE`: both or neither (a usage error, exit 64), made
/// absolute for lighttpd, and checked by libcrypto before serving: a file that cannot be read,
/// holds no certificate or key, or a key that is not the certificate's is one line naming the
/// option and the fault (exit 78), never the file's content.
enum TLSOptions {
    /// The two paths, absolute; nil when neither option is given.
    static func paths(certificate: String?, key: String?, in environment: ProcessEnvironment) throws(UsageError) -> (certificate: String, key: String)? {
        switch (certificate, key) {
        case (nil, nil):
            return nil
        case (_?, nil), (nil, _?):
            throw UsageError(
                message: "missing \(certificate == nil ? "--tls-cert" : "--tls-key"): HTTPS takes --tls-cert and --tls-key together",
                commandPath: ["serve"])
        case (let certificate?, let key?):
            var absolute: [String] = []
            for (option, path) in [("--tls-cert", certificate), ("--tls-key", key)] {
                // lighttpd's configuration quotes paths as they are.
                guard !path.isEmpty, !path.contains(where: { "\"\\'".contains($0) || $0.isNewline || $0.asciiValue.map { $0 < 0x20 } == true }) else {
                    throw UsageError(
                        message: "\(option): '\(ValueSyntax.printable(path))' is not a path serve can hand lighttpd (no quotes, backslashes or control characters)",
                        commandPath: ["serve"], code: "invalid_value")
                }
                absolute.append(path.hasPrefix("/") ? path : environment.currentDirectory + "/" + path)
            }
            return (absolute[0], absolute[1])
        }
    }

    /// The files at `paths`, checked now and again, by `TLSFiles.check`, whenever they change.
    static func files(_ paths: (certificate: String, key: String)) throws(Failure) -> TLSFiles {
        let check: @Sendable () -> String? = {
            do throws(TLSKeyPairError) {
                try TLSKeyPair.check(certificate: paths.certificate, key: paths.key)
                return nil
            } catch {
                return "\(error.file == .certificate ? "--tls-cert" : "--tls-key"): \(error.message)"
            }
        }
        if let fault = check() { throw Failure(code: "tls_files", status: nil, message: fault, exitCode: .configuration) }
        return TLSFiles(certificate: paths.certificate, key: paths.key, check: check)
    }
}
