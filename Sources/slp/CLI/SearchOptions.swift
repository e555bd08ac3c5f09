import SLPCommandLine
import SLPDomain

/// The options `search` and `map` share, and the search they ask for: read and checked once,
/// here, for both.
enum SearchOptions {
    static let latitude = OptionKey("lat", "latitude", "Latitude of the centre (default: your queued position).", as: .latitude)
    static let longitude = OptionKey("long", "longitude", "Longitude of the centre.", as: .longitude)
    static let radius = OptionKey("radius", "metres", "Search radius in metres, up to 50000 (default: 700).", as: .decimal)
    static let study = OptionKey("study", "study", "Only users who list this study or 'anything' (empty: everyone).", as: .text)

    /// The search `context`'s options ask for, around my queued position unless `--lat` and
    /// `--long` are both given.
    @MainActor static func request(_ context: CommandContext, commandPath: [String]) throws -> SearchRequest {
        var request = SearchRequest()
        // Each value is read before the pair is checked: a mistyped number is the error to report.
        switch (try context[latitude], try context[longitude]) {
        case (let latitude?, let longitude?):
            request.center = try Coordinate(latitude: latitude, longitude: longitude)
        case (nil, nil):
            break
        default:
            throw UsageError(message: "--lat and --long go together", commandPath: commandPath)
        }
        if let radius = try context[radius] { request.radius = radius }
        request.study = context[study]
        return request
    }
}
