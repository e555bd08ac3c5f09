import SLPDomain
import SLPSupport
import SLPTerminal

/// Draws `slp map`: the map's rows and a legend that says what each mark means (people sharing
/// a study in colour on a colour terminal), or the same rows in one JSON object for programs.
struct MapRenderer {
    let format: OutputFormat

    /// The map fills a terminal of `size`, its last line left for the shell's prompt: the
    /// legend's lines above it, the map above them.
    func render(_ surroundings: Surroundings, size: TerminalSize) -> Output {
        let style: Style
        switch format {
        case .json: style = .plain
        case .text(let textStyle): style = textStyle
        }
        let (grid, legend) = Self.layout(surroundings, size: size, style: style)
        switch format {
        case .json:
            return .success(JSONValue.object([
                ("center", .array([.double(surroundings.center.latitude), .double(surroundings.center.longitude)])),
                ("radius", .double(surroundings.radius)),
                ("metresPerColumn", .double(grid.metresPerColumn)),
                ("people", .int(grid.people)),
                ("shared", .int(grid.sharing)),
                ("densest", .int(grid.densest)),
                ("atMySpot", .int(grid.atMySpot)),
                ("rings", .array(grid.rings.map { .double($0) })),
                ("labelled", .array(grid.labelled.map { .double($0) })),
                ("rows", .array((0..<grid.rows).map { .string(Self.row($0, of: grid, style: .plain)) })),
                ("legend", .array(legend.map { .string($0) })),
            ]).text + "\n")
        case .text:
            var text = ""
            for row in 0..<grid.rows { text += Self.row(row, of: grid, style: style) + "\n" }
            return .success(text + legend.map { $0 + "\n" }.joined())
        }
    }

    /// The map and its legend sharing the screen: the legend takes the lines its entries need
    /// at this width (two, as a first guess). Its counts depend on the map, so the map is drawn
    /// again when the legend needs other lines; once it has needed fewer, only more, so this ends.
    static func layout(_ surroundings: Surroundings, size: TerminalSize, style: Style) -> (MapGrid, [String]) {
        let points = MapGrid.points(of: surroundings)
        func draw(legendLines: Int) -> (MapGrid, [String]) {
            let grid = MapGrid(radius: surroundings.radius, points: points, columns: size.columns, rows: max(1, size.rows - 1 - legendLines))
            return (grid, MapLegend(grid, colors: style.colors).lines(width: size.columns, style: style))
        }
        var legendLines = 2
        var (grid, legend) = draw(legendLines: legendLines)
        var shrunk = false
        while legend.count > legendLines || (legend.count < legendLines && !shrunk) {
            shrunk = shrunk || legend.count < legendLines
            legendLines = legend.count
            (grid, legend) = draw(legendLines: legendLines)
        }
        return (grid, legend)
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
}
