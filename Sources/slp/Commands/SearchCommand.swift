import SLPCommandLine
import SLPDomain

/// `slp search`
enum SearchCommand: Command {
    static let spec = CommandSpec(
        name: "search",
        abstract: "Find users waiting nearby, nearest first.",
        discussion: "Searches around your queued position unless --lat and --long are given. Lists neither you, nor users who are matched, hidden, reported by or reporting you, or outside your partner ages (or you outside theirs).",
        options: [
            .value("lat", "latitude", "Latitude of the centre (default: your queued position)."),
            .value("long", "longitude", "Longitude of the centre."),
            .value("radius", "metres", "Search radius in metres, up to 50000 (default: 700)."),
            .value("study", "study", "Only users who list this study or 'anything'."),
            .value("gender", "gender", "Only female or male users.", choices: ["female", "male"]),
            .value("limit", "n", "Only the nearest N users."),
        ],
        examples: ["slp search --as 010-1234-5678", "slp search --as 010-1234-5678 --lat -33.87 --long 151.21 --radius 5000 --limit 20"])

    static func run(_ context: CommandContext) async -> Output {
        var request = SearchRequest()
        do {
            let invocation = context.invocation
            // Each value is read before the pair is checked: a mistyped number is the error to report.
            let latitude = try invocation.value("lat").map { try ValueSyntax.decimal($0, option: "--lat") }
            let longitude = try invocation.value("long").map { try ValueSyntax.decimal($0, option: "--long") }
            switch (latitude, longitude) {
            case (let latitude?, let longitude?):
                request.center = try Coordinate(latitude: latitude, longitude: longitude)
            case (nil, nil):
                break
            default:
                throw UsageError(message: "--lat and --long go together", commandPath: ["search"])
            }
            if let radius = invocation.value("radius") { request.radius = try ValueSyntax.decimal(radius, option: "--radius") }
            request.study = invocation.value("study")
            request.gender = try invocation.value("gender").map { try Gender($0) }
            request.limit = try invocation.value("limit").map { try ValueSyntax.integer($0, option: "--limit") }
        } catch {
            return context.fail(error)
        }
        return await context.run(.search(actingUser: context.actingUser, request), feature: \.searchFeature, initialState: .init()) { state, _ in
            SearchRenderer(format: context.format, failures: context.failures).render(state)
        }
    }
}
