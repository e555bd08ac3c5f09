#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Dispatch
import SLPIdentity
import SLPPush
import SLPSupport
import SLPWebServer

/// `slp-push`: the push sender `slp serve` starts when pushes are configured, a program of its
/// own because it links libcurl, which the static `slp` cannot. It sends the outbox's pushes
/// through FCM (`PushSender`) until serve ends: its standard input is a pipe only serve holds the
/// other end of, which closes however serve ends. Its messages go to serve's error log.
@main
enum PushSenderProgram {
    static func main() async {
        signal(SIGPIPE, SIG_IGN)
        endWithLifeline()
        let settings: PushSenderSettings
        do {
            settings = try PushSenderSettings(variable: EnvironmentVariables.value(of:))
        } catch {
            SenderLog.say(error.message)
            exit(78)
        }
        // Held while this process lives: slp's health check sees the sender run by it.
        if let lock = EnvironmentVariables.value(of: PresenceLock.pushSenderVariable), !PresenceLock.hold(lock) {
            SenderLog.say("cannot hold the lock that tells serve's health check this sender runs")
        }
        PushMetrics(path: EnvironmentVariables.value(of: MetricsPage.countingVariable))?.start()
        let account = await loadAccount(settings.credentialsPath)
        guard let client = FCMClient(account: account, baseURL: settings.fcmURL, maxInFlight: PushSender.maxInFlight) else {
            SenderLog.say("libcurl cannot be set up")
            exit(70)
        }
        await PushSender(settings: settings, client: client).run()
    }

    /// The service account serve checked; read again every few seconds, its fault said once,
    /// while the file is broken (replaced since serve started).
    private static func loadAccount(_ path: String) async -> ServiceAccount {
        var told = false
        while true {
            do {
                return try ServiceAccount.load(path: path)
            } catch {
                if !told {
                    told = true
                    SenderLog.say("the FCM credentials cannot be used: \(error.message); trying again")
                }
                try? await Task.sleep(for: .seconds(5))
            }
        }
    }

    /// Ends this process when standard input, serve's pipe, closes.
    private static func endWithLifeline() {
        DispatchQueue.global().async {
            var byte: UInt8 = 0
            while true {
                let count = read(STDIN_FILENO, &byte, 1)
                if count == 0 || (count < 0 && errno != EINTR) { exit(0) }
            }
        }
    }
}
