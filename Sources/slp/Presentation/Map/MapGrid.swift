#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SLPDomain

/// `slp map` as cells: north up, me in the middle, the search circle as large as the area
/// allows, and one scale both ways: a row is two columns tall in metres, as a terminal cell is
/// about twice as tall as it is wide, so distances are true in every direction.
struct MapGrid: Equatable, Sendable {
    let columns: Int
    let rows: Int
    /// Metres one column spans; one row spans twice as many.
    let metresPerColumn: Double
    let centerColumn: Int
    let centerRow: Int
    /// The rings drawn, innermost first, in metres: the last is the radius.
    let rings: [Double]
    /// Row by row.
    private(set) var cells: [MapCell]
    /// The people drawn (those in my own cell too), those of them who share a study with me,
    /// the most in one cell, and how many wait in my own cell.
    private(set) var people = 0
    private(set) var sharing = 0
    private(set) var densest = 0
    private(set) var atMySpot = 0
    /// The rings whose distance is written beside them; a ring with no gap for it has none.
    private(set) var labelled: [Double] = []

    /// A waiting person as metres east and north of me, and whether they share a study with me.
    struct Point: Equatable, Sendable {
        let east: Double
        let north: Double
        let shared: Bool
    }

    /// Each person found, placed around me: done once however often the grid is drawn.
    static func points(of surroundings: Surroundings) -> [Point] {
        let projection = AzimuthalProjection(center: surroundings.center)
        return surroundings.result.fromQueueDB.map { person in
            let (east, north) = projection.offset(of: person.coordinate, distance: person.distance)
            return Point(east: east, north: north, shared: !person.sharedStudies.isEmpty)
        }
    }

    init(_ surroundings: Surroundings, columns: Int, rows: Int) {
        self.init(radius: surroundings.radius, points: Self.points(of: surroundings), columns: columns, rows: rows)
    }

    init(radius: Double, points: [Point], columns: Int, rows: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        centerColumn = (self.columns - 1) / 2
        centerRow = (self.rows - 1) / 2
        // The circle touches the nearer edge, across or down.
        let across = Double(max(1, min(centerColumn, self.columns - 1 - centerColumn)))
        let down = Double(max(1, min(centerRow, self.rows - 1 - centerRow)))
        metresPerColumn = max(radius / across, radius / (2 * down))
        cells = Array(repeating: .empty, count: self.columns * self.rows)

        rings = RoundDistance.innerRings(within: radius) + [radius]
        let ringCells = rings.map { drawRing($0) }
        var counts: [Int: (count: Int, shared: Bool)] = [:]
        for point in points {
            guard let index = index(east: point.east, north: point.north) else { continue }
            counts[index, default: (0, false)].count += 1
            if point.shared { counts[index]!.shared = true }
            people += 1
            if point.shared { sharing += 1 }
        }
        let myCell = centerRow * self.columns + centerColumn
        atMySpot = counts.removeValue(forKey: myCell)?.count ?? 0
        for (index, cell) in counts {
            cells[index] = .people(count: cell.count, shared: cell.shared)
            densest = max(densest, cell.count)
        }
        cells[myCell] = .me(others: atMySpot)
        // Labels go where they touch no mark, outermost first (its label matters most); people
        // are never covered, so in a crowd a label may find no gap and the legend names the ring.
        for (ring, onRing) in zip(rings, ringCells).reversed() where placeLabel(for: ring, along: onRing) {
            labelled.append(ring)
        }
        labelled.reverse()
    }

    subscript(row: Int, column: Int) -> MapCell { cells[row * columns + column] }

    /// The cell of a point `east` and `north` metres from the centre, if on the map.
    func index(east: Double, north: Double) -> Int? {
        let column = centerColumn + Int((east / metresPerColumn).rounded())
        let row = centerRow - Int((north / (2 * metresPerColumn)).rounded())
        guard (0..<columns).contains(column), (0..<rows).contains(row) else { return nil }
        return row * columns + column
    }

    /// Dots all around, close enough that no cell of the ring is skipped; the ring's cells
    /// clockwise from north, each once.
    private mutating func drawRing(_ radius: Double) -> [Int] {
        let steps = max(64, Int(8 * Double.pi * radius / metresPerColumn))
        var drawn: [Int] = []
        for step in 0..<steps {
            let angle = 2 * Double.pi * Double(step) / Double(steps)
            guard let index = index(east: radius * sin(angle), north: radius * cos(angle)), drawn.last != index else { continue }
            if cells[index] == .empty { cells[index] = .ring }
            if drawn.first != index { drawn.append(index) }
        }
        return drawn
    }

    /// Writes the ring's distance in a gap beside one of its dots (the nearest to north first,
    /// right of the dot, then left), one blank column on each side; shortened (`700m`) when
    /// only that fits. False when no gap on the ring takes it.
    private mutating func placeLabel(for ring: Double, along dots: [Int]) -> Bool {
        let order = dots.indices.sorted { min($0, dots.count - $0) < min($1, dots.count - $1) }
        for label in [RoundDistance.label(ring), RoundDistance.shortLabel(ring)] {
            let characters = Array(label)
            for position in order {
                let row = dots[position] / columns, column = dots[position] % columns
                // The label's first column, right of the dot after a blank, or left of it.
                for start in [column + 2, column - 1 - characters.count] where fits(characters.count, row: row, from: start) {
                    cells[row * columns + start - 1] = .empty
                    cells[row * columns + start + characters.count] = .empty
                    for (offset, character) in characters.enumerated() {
                        cells[row * columns + start + offset] = .label(character)
                    }
                    return true
                }
            }
        }
        return false
    }

    /// Whether `length` label columns from `start` on `row`, and the column on either side,
    /// are on the map and hold nothing but blanks and ring dots.
    private func fits(_ length: Int, row: Int, from start: Int) -> Bool {
        guard start >= 1, start + length < columns else { return false }
        return (start - 1...start + length).allSatisfy { cells[row * columns + $0].isOpen }
    }
}
