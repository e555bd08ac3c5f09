#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SLPTerminal
import SLPCommandLine
import SLPDomain

/// `slp seed`
enum SeedCommand: Command {
    static let users = OptionKey(required: "users", "n", "How many users to add.", as: .integer)
    static let seed = OptionKey("seed", "s", "Random seed (default: 1).", as: .integer)
    static let center = OptionKey(
        "center", "lat,long", "Centre of the population (default: Seoul City Hall, 37.5665,126.978).", as: .latitudeLongitude)
    static let spread = OptionKey("spread-km", "k", "Radius of the populated disk in kilometres (default: 15).", as: .decimal)
    static let hotspots = OptionKey(flag: "hotspots", "Put most users in a few dense clusters.")

    /// Seeding may start a service of synthetic people where there is none yet.
    static let createsDatabase = true

    static let spec = CommandSpec(
        name: "seed",
        abstract: "Add synthetic registered users waiting in the queue (for demos and benchmarks).",
        discussion: "The same seed gives the same people. Synthetic users have phone numbers 019-0XXX-XXXX, which no real number has.",
        options: [users.spec, seed.spec, center.spec, spread.spec, hotspots.spec],
        examples: ["slp seed --users 1000 --seed 7", "slp seed --users 100000 --hotspots --center 37.517819,126.886473 --spread-km 5"])

    static func run(_ context: CommandContext) async -> Output {
        let options: SeedOptions
        do {
            let count = try context[Self.users]
            let seed = try context[Self.seed] ?? 1
            let center = try context[Self.center].map { try Coordinate(latitude: $0.latitude, longitude: $0.longitude) } ?? SeedOptions.seoul
            options = try SeedOptions(
                count: count, seed: UInt64(bitPattern: Int64(seed)), center: center, spreadKilometres: try context[Self.spread] ?? 15,
                hotspots: context[Self.hotspots])
        } catch {
            return context.fail(error)
        }
        // Progress on a terminal's standard error only: a script or a log gets nothing there.
        var progress: ((SeedFeature.State) -> Void)?
        var drawn = ""
        if context.environment.stderrIsTerminal {
            let bar = SeedProgressBar(total: options.count, columns: (TerminalSize.of(descriptor: STDERR_FILENO) ?? .standard).columns)
            let clock = ContinuousClock(), start = clock.now
            progress = { state in
                guard state.done == nil, state.failure == nil else { return }
                let elapsed = start.duration(to: clock.now)
                let line = bar.line(fraction: state.fractionDone, elapsed: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
                guard line != drawn else { return }
                drawn = line
                StandardStreams.writeError("\r" + line + "\u{1B}[K")
            }
        }
        let output = await context.run(.seed(options), feature: \.seedFeature, initialState: .init(), observe: progress) { state, _ in
            SeedRenderer(format: context.format, failures: context.failures).render(state)
        }
        if !drawn.isEmpty { StandardStreams.writeError(SeedProgressBar.clear) }
        return output
    }
}
