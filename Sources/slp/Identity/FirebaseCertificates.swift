#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SLPIdentity

/// Firebase's certificates as a process that answers many requests keeps them: read when first
/// needed, and read again whenever the file changes (Google rotates its keys, and whoever fetches
/// them replaces the file). While the file cannot be read or is broken, tokens of the project are
/// answered `FirebaseKeysUnavailable` (503) and slp's own tokens work on; why goes to the error
/// log, once per change of the file, and never into an answer.
@MainActor
final class FirebaseCertificates {
    /// What identifies one version of the file: a rewrite or a replacement changes it.
    private struct Version: Equatable {
        let device: UInt64, inode: UInt64, size: Int64, modified: timespec, changed: timespec

        static func == (left: Version, right: Version) -> Bool {
            (left.device, left.inode, left.size) == (right.device, right.inode, right.size)
                && (left.modified.tv_sec, left.modified.tv_nsec, left.changed.tv_sec, left.changed.tv_nsec)
                    == (right.modified.tv_sec, right.modified.tv_nsec, right.changed.tv_sec, right.changed.tv_nsec)
        }
    }

    private let environment: ProcessEnvironment
    /// The settings last read, and the version of the file they were read from (nil: missing).
    private var cached: (version: Version?, settings: FirebaseSettings?)?

    init(environment: ProcessEnvironment) {
        self.environment = environment
    }

    /// The settings as the file holds them now; nil when Firebase is not configured.
    func current() throws(Failure) -> FirebaseSettings? {
        guard let (project, path) = try FirebaseConfiguration.source(environment) else { return nil }
        let now = Self.version(of: path)
        if let cached, cached.version == now { return cached.settings }
        let settings: FirebaseSettings?
        do {
            settings = try FirebaseSettings(projectID: project, certificatesJSON: try FirebaseConfiguration.read(path))
        } catch {
            StandardStreams.writeError("slp: SLP_FIREBASE_CERTS (\(path)): \(error.message); Firebase tokens get 503 until it is fixed\n")
            settings = try? FirebaseSettings.unavailable(projectID: project)
        }
        cached = (now, settings)
        return settings
    }

    private static func version(of path: String) -> Version? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Version(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size), modified: status.st_mtim,
            changed: status.st_ctim)
    }
}
