import SLPCommandLine

extension ValueReader where Value == (latitude: Double, longitude: Double), Failure == UsageError {
    /// `LAT,LONG`: two decimal numbers; whether they are a place on Earth is `Coordinate`'s rule.
    static var latitudeLongitude: Self {
        Self { text, option throws(UsageError) in
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2 else {
                throw UsageError(message: "\(option): '\(ValueSyntax.printable(text))' is not LAT,LONG", code: "invalid_value")
            }
            return (try ValueSyntax.decimal(String(parts[0]), option: option), try ValueSyntax.decimal(String(parts[1]), option: option))
        }
    }
}
