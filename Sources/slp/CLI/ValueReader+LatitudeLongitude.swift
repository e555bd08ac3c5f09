import SLPCommandLine
import SLPDomain

extension ValueReader where Value == Double, Failure == UsageError {
    /// `--lat`: a decimal number of degrees from -90 to 90. `Coordinate` enforces the range too;
    /// read here, the error names the option (`--lat: must be a number from -90 to 90`).
    static var latitude: Self { degrees(Coordinate.latitudes) }

    /// `--long`: a decimal number of degrees from -180 to 180.
    static var longitude: Self { degrees(Coordinate.longitudes) }

    private static func degrees(_ range: ClosedRange<Double>) -> Self {
        Self { text, option throws(UsageError) in
            let value = try ValueSyntax.decimal(text, option: option)
            guard range.contains(value) else {
                throw UsageError(
                    message: "\(option): must be a number from \(Int(range.lowerBound)) to \(Int(range.upperBound))", code: "invalid_coordinate")
            }
            return value
        }
    }
}

extension ValueReader where Value == (latitude: Double, longitude: Double), Failure == UsageError {
    /// `LAT,LONG`: two decimal numbers, a latitude from -90 to 90 and a longitude from -180 to 180.
    static var latitudeLongitude: Self {
        Self { text, option throws(UsageError) in
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2 else {
                throw UsageError(message: "\(option): '\(ValueSyntax.printable(text))' is not LAT,LONG", code: "invalid_value")
            }
            let latitude = try ValueSyntax.decimal(String(parts[0]), option: option)
            let longitude = try ValueSyntax.decimal(String(parts[1]), option: option)
            guard Coordinate.latitudes.contains(latitude) else {
                throw UsageError(message: "\(option): the latitude must be a number from -90 to 90", code: "invalid_coordinate")
            }
            guard Coordinate.longitudes.contains(longitude) else {
                throw UsageError(message: "\(option): the longitude must be a number from -180 to 180", code: "invalid_coordinate")
            }
            return (latitude, longitude)
        }
    }
}
