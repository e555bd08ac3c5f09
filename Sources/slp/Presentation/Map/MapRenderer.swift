import SLPDomain
import SLPSupport
import SLPTerminal

/// Draws `slp map`: the map's rows and a legend line for people (people sharing a study in
/// colour on a colour terminal), or the same rows in one JSON object for programs.
struct MapRenderer {
    let format: OutputFormat
    let failures: FailureRenderer

    /// The map fills a terminal of `size`, its last line left for the shell's prompt: the
    /// legend on the line above it, the map above that.
    func render(_ state: MapFeature.State, size: TerminalSize) -> Output {
        if let failure = state.failure { return failures.render(failure, format: format) }
        guard let surroundings = state.surroundings else {
            return failures.render(Failure(code: "internal_error", status: nil, message: "no map", exitCode: .software), format: format)
        }
        let grid = MapGrid(surroundings, columns: size.columns, rows: max(1, size.rows - 2))
        let legend = Self.legend(grid, width: size.columns)
        switch format {
        case .json:
            return .success(JSONValue.object([
                ("center", .array([.double(surroundings.center.latitude), .double(surroundings.center.longitude)])),
                ("radius", .double(surroundings.radius)),
                ("metresPerColumn", .double(grid.metresPerColumn)),
                ("people", .int(grid.people)),
                ("shared", .int(grid.sharing)),
                ("densest", .int(grid.densest)),
                ("rows", .array((0..<grid.rows).map { .string(Self.row($0, of: grid, style: .plain)) })),
                ("legend", .string(legend)),
            ]).text + "\n")
        case .text(let style):
            var text = ""
            for row in 0..<grid.rows { text += Self.row(row, of: grid, style: style) + "\n" }
            return .success(text + legend + "\n")
        }
    }

    /// One row of cells, styled in runs, without trailing blanks.
    static func row(_ row: Int, of grid: MapGrid, style: Style) -> String {
        var last = grid.columns
        while last > 0, grid[row, last - 1] == .empty { last -= 1 }
        var text = ""
        var run = ""
        var runKind = MapPaint.plain
        for column in 0..<last {
            let cell = grid[row, column]
            let kind = MapPaint(cell)
            if kind != runKind {
                text += runKind.apply(run, style)
                run = ""
                runKind = kind
            }
            run.append(cell.glyph)
        }
        return text + runKind.apply(run, style)
    }

    /// How many people and how many share a study, the scale, and what `+` stands for when it
    /// is drawn: the longest of these that fits the width.
    static func legend(_ grid: MapGrid, width: Int) -> String {
        let people = grid.people == 1 ? "1 person" : "\(grid.people) people"
        let sharing = "\(grid.sharing) share\(grid.sharing == 1 ? "s" : "") a study"
        let column = "1 column = \(RoundDistance.label(grid.metresPerColumn))"
        let scale = column + ", 1 line = \(RoundDistance.label(2 * grid.metresPerColumn))"
        let plus = grid.densest > 9 ? ["+ = 10 to \(grid.densest)"] : []
        let choices = [
            [people, sharing, scale] + plus, [people, sharing, column] + plus, [people, sharing, scale], [people, sharing, column],
            [people, sharing], [people],
        ]
        for parts in choices {
            let legend = parts.joined(separator: " · ")
            if DisplayWidth.of(legend) <= width { return legend }
        }
        return TerminalText.prefix(people, width: width).text
    }
}
