import SLPCommandLine
import SLPDomain

/// `slp search`
enum SearchCommand: Command {
    static let latitude = OptionKey("lat", "latitude", "Latitude of the centre (default: your queued position).", as: .latitude)
    static let longitude = OptionKey("long", "longitude", "Longitude of the centre.", as: .longitude)
    static let radius = OptionKey("radius", "metres", "Search radius in metres, up to 50000 (default: 700).", as: .decimal)
    static let study = OptionKey("study", "study", "Only users who list this study or 'anything' (empty: everyone).", as: .text)
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
        options: [latitude.spec, longitude.spec, radius.spec, study.spec, gender.spec, limit.spec, geoJSON.spec],
        examples: [
            "slp search --as 010-1234-5678", "slp search --as 010-1234-5678 --lat -33.87 --long 151.21 --radius 5000 --limit 20",
            "slp search --as 010-1234-5678 --radius 5000 --geojson > nearby.geojson",
        ])

    static func run(_ context: CommandContext) async -> Output {
        var request = SearchRequest()
        do {
            // Each value is read before the pair is checked: a mistyped number is the error to report.
            switch (try context[Self.latitude], try context[Self.longitude]) {
            case (let latitude?, let longitude?):
                request.center = try Coordinate(latitude: latitude, longitude: longitude)
            case (nil, nil):
                break
            default:
                throw UsageError(message: "--lat and --long go together", commandPath: ["search"])
            }
            if let radius = try context[Self.radius] { request.radius = radius }
            request.study = context[Self.study]
            // An empty filter is no filter, as for --study (and as an empty `queue --study` is none).
            request.gender = try context[Self.gender].flatMap { $0.isEmpty ? nil : try Gender($0) }
            request.limit = try context[Self.limit]
        } catch {
            return context.fail(error)
        }
        if context[Self.geoJSON] {
            return await context.run(.look(actingUser: context.actingUser, request), feature: \.mapFeature, initialState: .init()) { state, _ in
                GeoJSONRenderer(format: context.format, failures: context.failures).render(state)
            }
        }
        return await context.run(.search(actingUser: context.actingUser, request), feature: \.searchFeature, initialState: .init()) { state, _ in
            SearchRenderer(format: context.format, failures: context.failures, width: context.environment.terminalSize()?.columns).render(state)
        }
    }
}
