/// How a renderer writes: JSON for programs, or styled text for people.
enum OutputFormat: Sendable, Equatable {
    case json
    case text(Style)
}
