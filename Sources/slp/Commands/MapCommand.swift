import SLPCommandLine
import SLPDomain
import SLPTerminal

/// `slp map`
enum MapCommand: Command {
    static let width = OptionKey("width", "columns", "Columns to fill, 20 to 1000 (default: the terminal's, or 80).", as: .integer)
    static let height = OptionKey("height", "lines", "Lines of the screen, 8 to 1000 (default: the terminal's, or 24).", as: .integer)

    static let columnRange = 20...1_000
    static let lineRange = 8...1_000

    static let spec = CommandSpec(
        name: "map",
        abstract: "Draw who waits around you as a map in the terminal.",
        discussion: """
            The search of 'slp search' drawn north up with true distances both ways (a line is two columns tall): you as ◎ in \
            the middle (◉ when others wait in your own cell), each person as ●, a cell of several as their count (2 to 9, then \
            +), rings of · at the radius and at one or two round distances inside it, each labelled where it touches no mark, \
            and a legend that names every mark in words, how many people and how many share a study with you (in green on a \
            colour terminal), and the scale. It fills the terminal but for its last line, 80×24 when not on one.
            """,
        options: [
            SearchOptions.latitude.spec, SearchOptions.longitude.spec, SearchOptions.radius.spec, SearchOptions.study.spec, width.spec,
            height.spec,
        ],
        examples: ["slp map --as 010-1234-5678", "slp map --as 010-1234-5678 --radius 5000 --study swift --width 100 --height 40"])

    static func run(_ context: CommandContext) async -> Output {
        var output = context.perform(reading: {
            let request = try SearchOptions.request(context, commandPath: ["map"])
            let terminal = context.environment.terminalSize()
            let columns = try context[Self.width] ?? terminal.map { max(columnRange.lowerBound, $0.columns) } ?? 80
            let lines = try context[Self.height] ?? terminal.map { max(lineRange.lowerBound, $0.rows) } ?? 24
            guard columnRange.contains(columns) else {
                throw UsageError(message: "--width: \(columns) is not 20 to 1000 columns", code: "invalid_value")
            }
            guard lineRange.contains(lines) else {
                throw UsageError(message: "--height: \(lines) is not 8 to 1000 lines", code: "invalid_value")
            }
            return (request, TerminalSize(columns: columns, rows: lines))
        }) { app, asked in
            let (request, size) = asked
            let result = try SearchNearbyUseCase(storage: app.storage, clock: app.clock)(me: try context.me(app), request)
            return MapRenderer(format: context.format).render(Surroundings(result, radius: request.radius), size: size)
        }
        // Drawn to fit the screen: nothing to page.
        output.pager = nil
        return output
    }
}
