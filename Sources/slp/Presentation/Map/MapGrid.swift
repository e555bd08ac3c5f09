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
    /// Row by row.
    private(set) var cells: [MapCell]
    /// The people drawn, those of them who share a study with me, and the most in one cell.
    private(set) var people = 0
    private(set) var sharing = 0
    private(set) var densest = 0

    init(_ surroundings: Surroundings, columns: Int, rows: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        centerColumn = (self.columns - 1) / 2
        centerRow = (self.rows - 1) / 2
        // The circle touches the nearer edge, across or down.
        let across = Double(max(1, min(centerColumn, self.columns - 1 - centerColumn)))
        let down = Double(max(1, min(centerRow, self.rows - 1 - centerRow)))
        metresPerColumn = max(surroundings.radius / across, surroundings.radius / (2 * down))
        cells = Array(repeating: .empty, count: self.columns * self.rows)

        let radius = surroundings.radius
        let rings = RoundDistance.innerRings(within: radius) + [radius]
        for ring in rings { drawRing(ring) }
        var counts: [Int: (count: Int, shared: Bool)] = [:]
        let projection = AzimuthalProjection(center: surroundings.center)
        for person in surroundings.result.fromQueueDB {
            let (east, north) = projection.offset(of: person.coordinate, distance: person.distance)
            guard let index = index(east: east, north: north) else { continue }
            let shared = !person.sharedStudies.isEmpty
            counts[index, default: (0, false)].count += 1
            if shared { counts[index]!.shared = true }
            people += 1
            if shared { sharing += 1 }
        }
        // Labels above people: without them the rings say nothing; over people, a dense map
        // still shows each label whole.
        for (index, cell) in counts {
            cells[index] = .people(count: cell.count, shared: cell.shared)
            densest = max(densest, cell.count)
        }
        for ring in rings { drawLabel(RoundDistance.label(ring), ring: ring) }
        cells[centerRow * self.columns + centerColumn] = .me
    }

    subscript(row: Int, column: Int) -> MapCell { cells[row * columns + column] }

    /// The cell of a point `east` and `north` metres from the centre, if on the map.
    func index(east: Double, north: Double) -> Int? {
        let column = centerColumn + Int((east / metresPerColumn).rounded())
        let row = centerRow - Int((north / (2 * metresPerColumn)).rounded())
        guard (0..<columns).contains(column), (0..<rows).contains(row) else { return nil }
        return row * columns + column
    }

    /// Dots all around, close enough that no cell of the ring is skipped.
    private mutating func drawRing(_ radius: Double) {
        let steps = max(64, Int(8 * Double.pi * radius / metresPerColumn))
        for step in 0..<steps {
            let angle = 2 * Double.pi * Double(step) / Double(steps)
            if let index = index(east: radius * sin(angle), north: radius * cos(angle)), cells[index] == .empty {
                cells[index] = .ring
            }
        }
    }

    /// The distance written where the ring crosses north, starting two columns right of it.
    private mutating func drawLabel(_ label: String, ring: Double) {
        guard let top = index(east: 0, north: ring) else { return }
        let row = top / columns
        var column = centerColumn + 2
        for character in label where column < columns {
            cells[row * columns + column] = .label(character)
            column += 1
        }
    }
}
