/// How a search for the nearest few grows its circle: from a small first ring, aiming at the
/// number wanted, until the circle holds that many or reaches the radius asked for. Everything
/// inside a circle is found, so its N nearest are the answer. Both backends follow it.
enum NearestRings {
    /// First radius tried. Small, so that in a crowd the first circle already holds them.
    static let firstMetres = 50.0

    /// The radius to try after `radius` found `found` of the `wanted`, at most `limit`.
    static func next(after radius: Double, found: Int, wanted: Int, limit: Double) -> Double {
        // Users grow with the area: aim straight for N with a margin, at least doubling.
        let aim = radius * (Double(wanted) / Double(max(found, 1))).squareRoot() * 1.25
        return min(limit, max(radius * 2, aim))
    }
}
