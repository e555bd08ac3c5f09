import SLPSupport

/// How far, and which way, the API shows a waiting person from where they queued (SPEC §6,
/// "Where someone stands"): 50 to 150 metres, in a direction drawn when they enter the queue
/// and kept while they wait, so that no search, or set of searches, pins them down. Held to the
/// hundredth of a degree and the centimetre, far finer than anyone could tell.
public struct Displacement: Hashable, Sendable {
    /// How far a person is shown from where they are, in metres.
    public static let metres: ClosedRange<Double> = 50...150
    /// `metres` in centimetres.
    public static let centimetreRange = 5_000...15_000

    /// Hundredths of a degree clockwise from north, 0 to 35,999.
    public let centidegrees: Int
    /// Centimetres, within `centimetreRange`.
    public let centimetres: Int

    /// Degrees clockwise from north, in [0, 360).
    public var bearing: Double { Double(centidegrees) / 100 }
    /// Metres, within `Displacement.metres`.
    public var distance: Double { Double(centimetres) / 100 }

    public init(centidegrees: Int, centimetres: Int) throws {
        guard (0..<36_000).contains(centidegrees) else {
            throw DomainError.invalid("invalid_displacement", "a bearing is 0 to 360 degrees")
        }
        guard Displacement.centimetreRange.contains(centimetres) else {
            throw DomainError.invalid("invalid_displacement", "a displacement is 50 to 150 metres")
        }
        self.centidegrees = centidegrees
        self.centimetres = centimetres
    }

    /// `bearing` degrees and `distance` metres, to the hundredth of a degree and the centimetre.
    public init(bearing: Double, distance: Double) throws {
        guard bearing.isFinite, distance.isFinite, abs(bearing) < 1e6, abs(distance) < 1e6 else {
            throw DomainError.invalid("invalid_displacement", "a displacement is 50 to 150 metres at a bearing of 0 to 360 degrees")
        }
        try self.init(centidegrees: Int((bearing * 100).rounded()) % 36_000, centimetres: Int((distance * 100).rounded()))
    }

    /// A displacement drawn evenly over the ring between the nearest and the farthest distance:
    /// any direction alike, and no distance favoured over the area it covers.
    public static func random(using generator: inout some RandomNumberGenerator) -> Displacement {
        let near = metres.lowerBound * metres.lowerBound, far = metres.upperBound * metres.upperBound
        let distance = (near + Double.random(in: 0...1, using: &generator) * (far - near)).squareRoot()
        let centimetres = min(centimetreRange.upperBound, max(centimetreRange.lowerBound, Int((distance * 100).rounded())))
        // Both lie in their ranges by construction.
        return try! Displacement(centidegrees: Int.random(in: 0..<36_000, using: &generator), centimetres: centimetres)
    }
}

extension Coordinate {
    /// Where someone waiting here is shown: `displacement` away, on the plane tangent here
    /// (exact to well under a metre at these distances, except within a few kilometres of a
    /// pole), across the antimeridian when it lies between.
    public func displaced(by displacement: Displacement) -> Coordinate {
        let radians = Double.pi / 180
        let metresPerDegree = Coordinate.earthRadiusMetres * radians
        let angle = displacement.bearing * radians
        let north = displacement.distance * Elementary.cos(angle), east = displacement.distance * Elementary.sin(angle)
        let latitude = min(90, max(-90, self.latitude + north / metresPerDegree))
        var longitude = self.longitude + east / (metresPerDegree * max(0.01, Elementary.cos(self.latitude * radians)))
        if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
        // Both stay in range: the latitude is clamped, the longitude moved by less than a turn.
        return try! Coordinate(latitude: latitude, longitude: longitude)
    }
}
