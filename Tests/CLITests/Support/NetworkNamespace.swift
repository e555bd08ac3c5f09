import Foundation
import SLPTestSupport

/// The network namespace of a process started with `launcher` (`unshare --net`: a loopback of its
/// own, up), where a test lays firewall rules (`nft`) that touch nothing of the machine's and
/// makes its sockets from a thread that joins it. Needs root (CAP_SYS_ADMIN for `unshare` and
/// `setns`), as CI runs the tests; elsewhere `requireRoot` fails the test saying so, never a skip.
struct NetworkNamespace {
    /// A process in the namespace (`slp serve`, which `launcher` started).
    let pid: pid_t

    /// Runs slp (the `"$0"` that follows) in a new network namespace with its loopback up and at
    /// most `descriptors` file descriptors (a hard limit, which sizes serve's connection budget).
    static func launcher(descriptors: Int) -> [String] {
        ["/usr/bin/unshare", "--net", "--", "/bin/sh", "-c", #"ip link set lo up && exec prlimit --nofile=\#(descriptors):\#(descriptors) "$0" "$@""#]
    }

    static func requireRoot() throws {
        guard getuid() == 0 else {
            throw HTTPTestError("this test makes a network namespace and firewall rules, which needs root (CI runs the tests as root)")
        }
        for (tool, package) in [("/usr/sbin/nft", "nftables"), ("/usr/bin/nsenter", "util-linux"), ("/usr/bin/unshare", "util-linux")]
        where !FileManager.default.isExecutableFile(atPath: tool) {
            throw MissingTool(name: "\(tool) (\(package))")
        }
        if !["/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip"].contains(where: FileManager.default.isExecutableFile(atPath:)) {
            throw MissingTool(name: "ip (iproute2)")
        }
    }

    /// `rules` loaded with `nft -f` inside the namespace.
    func nft(_ rules: String) throws {
        let outcome = try TimedProcess.run(
            ["/usr/bin/nsenter", "--net=/proc/\(pid)/ns/net", "/usr/sbin/nft", "-f", "-"], environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"],
            stdin: Data(rules.utf8), timeout: 60)
        guard outcome.status == 0 else { throw HTTPTestError("nft -f refused the rules: \(outcome.stderrText)") }
    }

    /// `body` run on a thread of its own that has joined the namespace, so that every socket it
    /// makes is there (the sockets stay there, whichever thread uses them later).
    func run<T>(_ body: @escaping () throws -> T) throws -> T {
        let call = Call(body)
        let thread = Thread { [pid] in call.run(in: pid) }
        thread.start()
        call.done.wait()
        return try call.result!.get()
    }

    /// One call of `run`, handed to its thread.
    private final class Call<T>: @unchecked Sendable {
        let body: () throws -> T
        var result: Result<T, any Error>?
        let done = DispatchSemaphore(value: 0)

        init(_ body: @escaping () throws -> T) { self.body = body }

        func run(in pid: pid_t) {
            defer { done.signal() }
            let namespace = open("/proc/\(pid)/ns/net", O_RDONLY | O_CLOEXEC)
            guard namespace >= 0 else {
                result = .failure(HTTPTestError("cannot open the network namespace of \(pid): \(errno)"))
                return
            }
            defer { close(namespace) }
            // CLONE_NEWNET. setns moves only the calling thread, which ends after `body`.
            guard Self.setns(namespace, 0x4000_0000) == 0 else {
                result = .failure(HTTPTestError("cannot join the network namespace of \(pid): \(errno)"))
                return
            }
            result = Result { try body() }
        }

        /// glibc's setns(2), which Swift's Glibc module leaves out.
        private static var setns: @convention(c) (Int32, Int32) -> Int32 {
            unsafeBitCast(dlsym(dlopen(nil, RTLD_NOW), "setns"), to: (@convention(c) (Int32, Int32) -> Int32).self)
        }
    }
}
