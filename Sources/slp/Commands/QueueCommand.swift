import SLPCommandLine
import SLPDomain

/// `slp queue --lat LAT --long LONG [--study S]...`, and the `stop` subcommand.
enum QueueCommand: Command {
    static let latitude = OptionKey(required: "lat", "latitude", "Latitude in degrees, -90 to 90.", as: .latitude)
    static let longitude = OptionKey(required: "long", "longitude", "Longitude in degrees, -180 to 180.", as: .longitude)
    static let studies = OptionKey(repeating: "study", "study", "A study you want to do (repeat for more, at most 8).", as: .text)
    static let wait = OptionKey(flag: "wait", "Stay until matched, printing each request as it arrives.")
    static let timeout = OptionKey("timeout", "seconds", "With --wait: give up after this many seconds (exit 1).", as: .integer)

    static let spec = CommandSpec(
        name: "queue",
        abstract: "Wait in the matching queue at a position, with up to 8 studies.",
        discussion: """
            Entering again refreshes your place. Studies are 1 to 8 characters; spaces split them; none means 'anything'. \
            With --wait, slp stays: it prints where you wait, each request as it arrives, and exits 0 once you are matched, \
            printing your partner (exit 1 with 'timeout' after --timeout seconds; Ctrl-C exits 130 and leaves you waiting in \
            the queue); with --json, one object per line: the queue entry first, then each request, then the queue status.
            """,
        options: [latitude.spec, longitude.spec, studies.spec, wait.spec, timeout.spec],
        examples: [
            "slp queue --as 010-1234-5678 --lat 37.517819 --long 126.886473 --study swift --study 알고리즘",
            "slp queue --as 010-1234-5678 --lat 37.517819 --long 126.886473 --wait --timeout 600 && slp chat send --as 010-1234-5678 hi",
        ],
        runsItself: true)

    static func run(_ context: CommandContext) async -> Output {
        let latitude: Double, longitude: Double, timeout: Int?
        do {
            latitude = try context[Self.latitude]
            longitude = try context[Self.longitude]
            timeout = try context[Self.timeout]
            if let timeout, timeout < 1 {
                throw UsageError(message: "--timeout: at least 1 second, not \(timeout)", commandPath: ["queue"], code: "invalid_value")
            }
            if timeout != nil && !context[Self.wait] {
                throw UsageError(message: "--timeout goes with --wait", commandPath: ["queue"])
            }
        } catch {
            return context.fail(error)
        }
        guard context[Self.wait] else {
            return context.perform { app in
                let enter = EnterQueueUseCase(storage: app.storage, clock: app.clock)
                let entry = try enter(me: try context.me(app), latitude: latitude, longitude: longitude, studies: context[Self.studies])
                return QueueRenderer(format: context.format).entered(entry)
            }
        }
        return await wait(context, latitude: latitude, longitude: longitude, timeout: timeout)
    }

    /// `--wait`: enter, then look for news until matched, no longer waiting, or out of time.
    @MainActor private static func wait(_ context: CommandContext, latitude: Double, longitude: Double, timeout: Int?) async -> Output {
        Interrupt.exitOnInterrupt(status: ExitCode.interrupted.rawValue, saying: "Stopped waiting; you are still in the queue.\n")
        let renderer = QueueWaitStreamRenderer(
            queue: QueueRenderer(format: context.format), events: EventRenderer(format: context.format), failures: context.failures)
        let clock = ContinuousClock()
        let deadline = timeout.map { clock.now + .seconds($0) }
        var entered = false, timedOut = false
        return await context.stream(feature: \.queueWaitFeature, initialState: .init(), renderer: renderer) { state in
            guard entered else {
                entered = true
                return .enter(actingUser: context.actingUser, latitude: latitude, longitude: longitude, studies: context[Self.studies])
            }
            guard state.isWaiting, !timedOut else { return nil }
            if let deadline, let timeout, clock.now >= deadline {
                timedOut = true
                return .timeOut(seconds: timeout)
            }
            return .poll
        }
    }
}
