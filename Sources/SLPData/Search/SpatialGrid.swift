#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SLPDomain

/// A latitude/longitude grid of 0.001° cells (about 111 m north–south), numbered row by row,
/// so that the cells of one row form one contiguous key range.
enum SpatialGrid {
    static let cellsPerDegree = 1_000.0
    /// Cells in one row, all longitudes.
    static let columns: Int64 = 360_000

    static func row(latitude: Double) -> Int64 {
        min(179_999, max(0, Int64(((latitude + 90) * cellsPerDegree).rounded(.down))))
    }

    static func column(longitude: Double) -> Int64 {
        min(columns - 1, max(0, Int64(((longitude + 180) * cellsPerDegree).rounded(.down))))
    }

    static func cell(_ coordinate: Coordinate) -> Int64 {
        row(latitude: coordinate.latitude) * columns + column(longitude: coordinate.longitude)
    }

    /// Cell key ranges that together cover every point within `radius` metres of `center`
    /// (a superset: callers check exact distances). Handles the poles and the antimeridian.
    static func ranges(around center: Coordinate, radius: Double) -> [ClosedRange<Int64>] {
        let delta = radius / Coordinate.earthRadiusMetres  // angular radius, radians
        let degrees = 180 / Double.pi
        let latitude = center.latitude / degrees
        // Degrees (about a centimetre): covers the rounding of this computation and of the exact
        // distance check, both far smaller. It used to be 1.5 cells, which read about a third
        // more rows than the circle holds.
        let margin = 1e-7
        let southmost = center.latitude - delta * degrees
        let northmost = center.latitude + delta * degrees
        let firstRow = row(latitude: max(-90, southmost - margin))
        let lastRow = row(latitude: min(90, northmost + margin))
        var ranges: [ClosedRange<Int64>] = []
        for rowIndex in firstRow...lastRow {
            let bandSouth = max(southmost, Double(rowIndex) / cellsPerDegree - 90) / degrees
            let bandNorth = min(northmost, Double(rowIndex + 1) / cellsPerDegree - 90) / degrees
            let halfWidth = maxHalfWidth(latitude: latitude, delta: delta, south: bandSouth, north: bandNorth)
            let base = rowIndex * columns
            if halfWidth.isNaN || halfWidth * degrees + margin >= 180 {
                ranges.append(base...base + columns - 1)
                continue
            }
            let west = center.longitude - halfWidth * degrees - margin
            let east = center.longitude + halfWidth * degrees + margin
            if west < -180 {
                ranges.append(base...base + column(longitude: east))
                ranges.append(base + column(longitude: west + 360)...base + columns - 1)
            } else if east > 180 {
                ranges.append(base + column(longitude: west)...base + columns - 1)
                ranges.append(base...base + column(longitude: east - 360))
            } else {
                ranges.append(base + column(longitude: west)...base + column(longitude: east))
            }
        }
        return ranges
    }

    /// The widest longitude half-width (radians) of the spherical cap within the latitude band;
    /// NaN when the band reaches all the way round (a pole inside the cap).
    ///
    /// In haversines, hav Δλ = (hav δ − hav(φ − φ₀)) / (cos φ₀ cos φ): unlike the law of cosines
    /// (Δλ from an acos near 1), it keeps its precision for small circles and near the poles, so
    /// the ranges need only a hair of margin.
    private static func maxHalfWidth(latitude: Double, delta: Double, south: Double, north: Double) -> Double {
        if cos(latitude) < 1e-9 { return .nan }
        // The cap is widest where sin φ' = sin φ / cos δ; check that point if in the band, and both edges.
        var candidates = [south, north]
        let widest = sin(latitude) / cos(delta)
        if abs(widest) <= 1 {
            let phi = asin(widest)
            if phi > south && phi < north { candidates.append(phi) }
        }
        let halfDelta = sin(delta / 2)
        var result = 0.0
        for phi in candidates {
            let denominator = cos(latitude) * cos(phi)
            if denominator < 1e-12 { return .nan }
            let halfDistance = sin((phi - latitude) / 2)
            let haversine = (halfDelta * halfDelta - halfDistance * halfDistance) / denominator
            if haversine >= 1 { return .nan }
            if haversine > 0 { result = max(result, 2 * asin(haversine.squareRoot())) }
        }
        return result
    }
}
