#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where lighttpd is: `SLP_LIGHTTPD` when set (an installation elsewhere), else on `PATH`, else
/// in the sbin directories Debian installs it in (which a normal user's `PATH` often lacks).
enum Lighttpd {
    static let package = "lighttpd"

    static func find(path: String?, override: String?) -> String? {
        if let override { return access(override, X_OK) == 0 ? override : nil }
        let directories = (path ?? "").split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/local/sbin", "/sbin"]
        for directory in directories where directory.hasPrefix("/") {
            let candidate = directory + "/lighttpd"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
