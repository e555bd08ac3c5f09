import SLPCommandLine
import SLPDomain

/// `slp search`
enum SearchCommand: Command {
    static let gender = OptionKey("gender", "gender", "Only female or male users (empty: everyone).", choices: ["female", "male"], as: .text)
    static let limit = OptionKey("limit", "n", "Only the nearest N users.", as: .integer)
    static let geoJSON = OptionKey(flag: "geojson", "Print the search as a GeoJSON FeatureCollection (RFC 7946) for GIS tools.")

    static let spec = CommandSpec(
        name: "search",
        abstract: "Find users waiting nearby, nearest first.",
        discussion: """
            Searches around your queued position unless --lat and --long are given. Lists neither you, nor users who are \
            matched, hidden, reported by or reporting you, or outside your partner ages (or you outside theirs). With \
            --geojson: a Point per person (properties uid, nick, distance, studylist, shared, requested), one for you \
            ("me": true) and the search circle as a Polygon, cut in two at the antimeridian.
            """,
        options: [
            SearchOptions.latitude.spec, SearchOptions.longitude.spec, SearchOptions.radius.spec, SearchOptions.study.spec, gender.spec,
            limit.spec, geoJSON.spec,
        ],
        examples: [
            "slp search --as 010-1234-5678", "slp search --as 010-1234-5678 --lat -33.87 --long 151.21 --radius 5000 --limit 20",
            "slp search --as 010-1234-5678 --radius 5000 --geojson > nearby.geojson",
        ])

    static func run(_ context: CommandContext) async -> Output {
        context.perform(reading: {
            var request = try SearchOptions.request(context, commandPath: ["search"])
            // An empty filter is no filter, as for --study (and as an empty `queue --study` is none).
            request.gender = try context[Self.gender].flatMap { $0.isEmpty ? nil : try Gender($0) }
            request.limit = try context[Self.limit]
            return request
        }) { app, request in
            let result = try SearchNearbyUseCase(storage: app.storage, clock: app.clock)(me: try context.me(app), request)
            if context[Self.geoJSON] {
                return GeoJSONRenderer(format: context.format).render(Surroundings(result, radius: request.radius))
            }
            return SearchRenderer(format: context.format, width: context.environment.terminalSize()?.columns).render(result)
        }
    }
}
