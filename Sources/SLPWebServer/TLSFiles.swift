#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The certificate chain and private key `slp serve` serves HTTPS with: lighttpd's mod_openssl
/// reads them from where they are (nothing is copied; the key stays readable only by whom its
/// owner allows), and `check` says, from the composition root's libcrypto, whether they belong
/// together (nil) or what is wrong (one line, never their content).
package struct TLSFiles: Sendable {
    /// Absolute paths: lighttpd runs in a directory of its own.
    let certificate: String
    let key: String
    let check: @Sendable () -> String?

    package init(certificate: String, key: String, check: @escaping @Sendable () -> String?) {
        self.certificate = certificate
        self.key = key
        self.check = check
    }

    /// What changes when either file is written, replaced by a rename, or a link to it is
    /// pointed elsewhere (as ACME clients renew them): each file's device, inode, size and
    /// times, or the error of stat(2).
    func signature() -> [Int] {
        [certificate, key].flatMap { path -> [Int] in
            var status = stat()
            guard stat(path, &status) == 0 else { return [-Int(errno)] }
            return [
                Int(status.st_dev), Int(status.st_ino), Int(status.st_size), Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec),
                Int(status.st_ctim.tv_sec), Int(status.st_ctim.tv_nsec),
            ]
        }
    }
}
