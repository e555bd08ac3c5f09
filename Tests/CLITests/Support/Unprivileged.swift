import Foundation
import XCTest

/// A directory where file modes bind slp, and the way to run slp there.
///
/// As root (as these tests often run, in containers and CI) chmod binds nobody, so slp runs as
/// nobody (65534) through `setpriv`, and the directory and files are given to nobody. Otherwise
/// slp runs as the test's own user and plain chmod is enough.
final class Unprivileged {
    static let id: UInt32 = 65534
    static var isRoot: Bool { getuid() == 0 }
    static let setpriv = "/usr/bin/setpriv"

    /// The directory, 0755: under /tmp as root, so every parent is traversable by nobody.
    let url: URL
    /// Runs slp as the unprivileged user (empty when the test is not root).
    let launcher: [String]
    /// A copy of slp in `url` when nobody may not run the one in the build directory.
    private(set) var executable: URL?

    init() throws {
        let parent = Unprivileged.isRoot ? URL(fileURLWithPath: "/tmp") : FileManager.default.temporaryDirectory
        url = parent.appendingPathComponent("slp-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Unprivileged.chmod(url.path, 0o755)
        guard Unprivileged.isRoot else {
            launcher = []
            return
        }
        guard FileManager.default.isExecutableFile(atPath: Unprivileged.setpriv) else {
            throw NSError(domain: "Unprivileged", code: 1, userInfo: [
                NSLocalizedDescriptionKey: "running as root needs \(Unprivileged.setpriv) (util-linux) to drop privileges",
            ])
        }
        launcher = [Unprivileged.setpriv, "--reuid=\(Unprivileged.id)", "--regid=\(Unprivileged.id)", "--clear-groups"]
        try giveAway(url.path)
        // The build directory may sit under a home nobody cannot enter: then run a copy.
        if try binary(database: nil).run("--version").status != 0 {
            let copy = url.appendingPathComponent("slp")
            try FileManager.default.copyItem(at: SLPBinary.url, to: copy)
            try Unprivileged.chmod(copy.path, 0o755)
            executable = copy
        }
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// slp on `database`, run as the unprivileged user.
    func binary(database: String?) -> SLPBinary {
        var slp = SLPBinary(database: database)
        slp.launcher = launcher
        slp.executable = executable
        return slp
    }

    /// Gives `path` (and, for a directory, everything in it) to the unprivileged user, if root.
    func giveAway(_ path: String) throws {
        guard Unprivileged.isRoot else { return }
        var paths = [path]
        if let enumerator = FileManager.default.enumerator(atPath: path) {
            paths += enumerator.compactMap { $0 as? String }.map { path + "/" + $0 }
        }
        for path in paths where chown(path, Unprivileged.id, Unprivileged.id) != 0 {
            throw NSError(domain: "Unprivileged", code: Int(errno), userInfo: [NSLocalizedDescriptionKey: "chown \(path)"])
        }
    }

    static func chmod(_ path: String, _ mode: mode_t) throws {
        guard Foundation.chmod(path, mode) == 0 else {
            throw NSError(domain: "Unprivileged", code: Int(errno), userInfo: [NSLocalizedDescriptionKey: "chmod \(path)"])
        }
    }

    deinit {
        // Writable again, so that everything can be removed.
        if let enumerator = FileManager.default.enumerator(atPath: url.path) {
            for case let name as String in enumerator { _ = Foundation.chmod(url.path + "/" + name, 0o755) }
        }
        _ = Foundation.chmod(url.path, 0o755)
        try? FileManager.default.removeItem(at: url)
    }
}
