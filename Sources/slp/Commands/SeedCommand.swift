import SLPCommandLine
import SLPDomain

/// `slp seed`
enum SeedCommand: Command {
    static let spec = CommandSpec(
        name: "seed",
        abstract: "Add synthetic registered users waiting in the queue (for demos and benchmarks).",
        discussion: "The same seed gives the same people. Synthetic users have phone numbers 019-0XXX-XXXX, which no real number has.",
        options: [
            .value("users", "n", "How many users to add.", required: true),
            .value("seed", "s", "Random seed (default: 1)."),
            .value("center", "lat,long", "Centre of the population (default: Seoul City Hall, 37.5665,126.978)."),
            .value("spread-km", "k", "Radius of the populated disk in kilometres (default: 15)."),
            .flag("hotspots", "Put most users in a few dense clusters."),
        ],
        examples: ["slp seed --users 1000 --seed 7", "slp seed --users 100000 --hotspots --center 37.517819,126.886473 --spread-km 5"])

    static func run(_ context: CommandContext) async -> Output {
        let options: SeedOptions
        do {
            let invocation = context.invocation
            let count = try ValueSyntax.integer(context.required("users"), option: "--users")
            let seed = try invocation.value("seed").map { try ValueSyntax.integer($0, option: "--seed") } ?? 1
            var center = SeedOptions.seoul
            if let text = invocation.value("center") {
                let parts = text.split(separator: ",", omittingEmptySubsequences: false)
                guard parts.count == 2 else {
                    throw UsageError(message: "--center: '\(ValueSyntax.printable(text))' is not LAT,LONG", code: "invalid_value")
                }
                center = try Coordinate(
                    latitude: try ValueSyntax.decimal(String(parts[0]), option: "--center"),
                    longitude: try ValueSyntax.decimal(String(parts[1]), option: "--center"))
            }
            let spread = try invocation.value("spread-km").map { try ValueSyntax.decimal($0, option: "--spread-km") } ?? 15
            options = try SeedOptions(
                count: count, seed: UInt64(bitPattern: Int64(seed)), center: center, spreadKilometres: spread,
                hotspots: invocation.flag("hotspots"))
        } catch {
            return context.fail(error)
        }
        return await context.run(.seed(options), feature: \.seedFeature, initialState: .init()) { state, _ in
            SeedRenderer(format: context.format, failures: context.failures).render(state)
        }
    }
}
