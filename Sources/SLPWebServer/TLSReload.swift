#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Serves renewed TLS files without a restart. lighttpd 1.4.69's mod_openssl reads its
/// certificate and key once, when it starts (it re-reads only OCSP and session ticket files, not
/// these), so serve looks at the files itself, about once a second. Once they have changed, then
/// stayed unchanged for a look (an ACME client writes two files, one after the other), and
/// belong together, serve sends lighttpd SIGUSR1. With `server.graceful-restart-bg` lighttpd
/// forks: the fork keeps every connection open then (their TLS state lives in its memory, and
/// the certificate matters only to a handshake) and ends once the last one has, while the
/// original process runs lighttpd again on the listening socket it holds, with the new files:
/// no connection is refused or dropped, new ones get the new certificate. The SCGI workers are
/// serve's, not lighttpd's, so both generations share them. Files that do not belong together
/// are reported once and not served.
final class TLSReload {
    private let files: TLSFiles
    /// The files' signature lighttpd serves, one seen to differ and waited on, and one already
    /// reported as unservable.
    private var served: [Int]
    private var changed: [Int]?
    private var reported: [Int]?
    private var lastLook: Int64 = 0

    init(files: TLSFiles) {
        self.files = files
        served = files.signature()
    }

    /// Looks at the files when about a second has passed since the last look, and has `process`
    /// serve them when they are new and sound; what it did, as one of serve's lines, if anything.
    func look(_ process: LighttpdProcess) -> String? {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let milliseconds = Int64(now.tv_sec) * 1_000 + Int64(now.tv_nsec) / 1_000_000
        // The loop wakes each second when idle; a little less keeps a wake from skipping a look.
        guard milliseconds - lastLook >= 900 else { return nil }
        lastLook = milliseconds
        let signature = files.signature()
        guard signature != served else {
            changed = nil
            return nil
        }
        guard signature == changed else {
            changed = signature
            return nil
        }
        if let fault = files.check() {
            guard reported != signature else { return nil }
            reported = signature
            return "slp serve: the TLS files changed, but \(fault); still serving the certificate loaded before\n"
        }
        process.reload()
        served = signature
        changed = nil
        return "slp serve: the TLS files changed; new connections get the new certificate\n"
    }
}
