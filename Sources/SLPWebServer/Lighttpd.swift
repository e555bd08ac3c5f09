#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where lighttpd is: `SLP_LIGHTTPD` when set (an installation elsewhere), else on `PATH`, else
/// in the sbin directories Debian installs it in (which a normal user's `PATH` often lacks).
package enum Lighttpd {
    package static let package = "lighttpd"
    /// The package of `mod_magnet`, which runs serve's connection limit (`ConnectionLimitScript`).
    package static let magnetPackage = "lighttpd-modules-lua"

    /// False when the modules of the lighttpd at `program` are found and `mod_magnet` is not
    /// among them; true when it is, or when they are not where packages put them (lighttpd
    /// then says itself what it cannot load).
    package static func hasMagnet(_ program: String) -> Bool {
        var prefix = program.split(separator: "/", omittingEmptySubsequences: false).dropLast(2).joined(separator: "/")
        if prefix.isEmpty { prefix = "/usr" }
        let directories = [prefix + "/lib/lighttpd", prefix + "/lib64/lighttpd", "/usr/lib/lighttpd", "/usr/lib64/lighttpd"]
        guard let modules = directories.first(where: { access($0 + "/mod_cgi.so", F_OK) == 0 }) else { return true }
        return access(modules + "/mod_magnet.so", F_OK) == 0
    }

    package static func find(path: String?, override: String?) -> String? {
        if let override { return access(override, X_OK) == 0 ? override : nil }
        let directories = (path ?? "").split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/local/sbin", "/sbin"]
        for directory in directories where directory.hasPrefix("/") {
            let candidate = directory + "/lighttpd"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
