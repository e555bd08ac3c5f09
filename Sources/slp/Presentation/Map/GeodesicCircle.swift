import SLPDomain

/// The search circle as GeoJSON polygons (RFC 7946): rings of `[long, lat]` positions, closed,
/// counter-clockwise (the right-hand rule, §3.1.6), each vertex on the true circle around the
/// centre. A circle across the antimeridian is cut in two there, each part within ±180 (§3.1.9);
/// one that holds a pole runs along the edge of the map over it.
enum GeodesicCircle {
    /// Vertices of the ring before it closes.
    static let vertices = 128

    /// One ring per polygon: one polygon, or two when cut at the antimeridian.
    static func polygons(center: Coordinate, radius: Double) -> [[[Double]]] {
        let projection = AzimuthalProjection(center: center)
        // Counter-clockwise from east: the angle from east grows towards north, so the bearing
        // (clockwise from north) falls.
        let points = (0..<vertices).map { step -> [Double] in
            let angle = 2 * Double.pi * Double(step) / Double(vertices)
            let point = projection.destination(bearing: Double.pi / 2 - angle, distance: radius)
            return [point.longitude, point.latitude]
        }
        let poleDistance = Coordinate.earthRadiusMetres * Double.pi / 180
        if (90 - center.latitude) * poleDistance <= radius { return [aroundPole(points, north: true)] }
        if (90 + center.latitude) * poleDistance <= radius { return [aroundPole(points, north: false)] }
        if points.allSatisfy({ (-180...180).contains($0[0]) }) { return [closed(points)] }
        // Across the antimeridian: the part on each side of it, the far one brought round.
        let edge = points.contains { $0[0] > 180 } ? 180.0 : -180.0
        let near = clip(points, keeping: { edge > 0 ? $0 <= edge : $0 >= edge }, at: edge)
        let far = clip(points, keeping: { edge > 0 ? $0 >= edge : $0 <= edge }, at: edge)
            .map { [$0[0] - 2 * edge, $0[1]] }
        return [closed(near), closed(far)].filter { $0.count >= 4 }
    }

    /// The ring cut by the meridian `at`, keeping the side `keeping` accepts (Sutherland–Hodgman
    /// against one line, which keeps the ring's direction).
    private static func clip(_ ring: [[Double]], keeping inside: (Double) -> Bool, at longitude: Double) -> [[Double]] {
        var result: [[Double]] = []
        for (index, point) in ring.enumerated() {
            let previous = ring[(index + ring.count - 1) % ring.count]
            func crossing() -> [Double] {
                let fraction = (longitude - previous[0]) / (point[0] - previous[0])
                return [longitude, previous[1] + fraction * (point[1] - previous[1])]
            }
            switch (inside(previous[0]), inside(point[0])) {
            case (true, true): result.append(point)
            case (true, false): result.append(crossing())
            case (false, true): result += [crossing(), point]
            case (false, false): break
            }
        }
        return result
    }

    /// A circle holding a pole: its edge from one side of the map to the other, then along the
    /// map's edge over the pole. Counter-clockwise means eastwards around the north pole (the
    /// inside, northwards, on the left) and westwards around the south pole.
    private static func aroundPole(_ points: [[Double]], north: Bool) -> [[Double]] {
        var edge = points.map { [wrapped($0[0]), $0[1]] }.sorted { north ? $0[0] < $1[0] : $0[0] > $1[0] }
        // Where the edge meets ±180: between its last point and its first, one turn on.
        let first = edge[0], last = edge[edge.count - 1]
        let gap = 360 - abs(last[0] - first[0])
        let fraction = gap > 0 ? (180 - abs(last[0])) / gap : 0
        let latitude = last[1] + fraction * (first[1] - last[1])
        let start = north ? -180.0 : 180.0
        edge.insert([start, latitude], at: 0)
        edge.append([-start, latitude])
        let pole = north ? 90.0 : -90.0
        edge += [[-start, pole], [start, pole]]
        return closed(edge)
    }

    /// A longitude within -180...180.
    private static func wrapped(_ longitude: Double) -> Double {
        var longitude = longitude
        while longitude > 180 { longitude -= 360 }
        while longitude < -180 { longitude += 360 }
        return longitude
    }

    /// The ring with its first position repeated at the end, positions to seven decimals (1 cm).
    private static func closed(_ ring: [[Double]]) -> [[Double]] {
        let rounded = ring.map { $0.map { ($0 * 1e7).rounded() / 1e7 } }
        guard let first = rounded.first else { return [] }
        return rounded + [first]
    }
}
