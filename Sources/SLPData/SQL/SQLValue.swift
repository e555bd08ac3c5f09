/// A value bound to a parameter of slp's shared SQL, whichever backend runs it.
enum SQLValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case bool(Bool)

    static func int(_ value: Int) -> SQLValue { .integer(Int64(value)) }

    /// `value`, or NULL when nil.
    static func optional<T>(_ value: T?, _ make: (T) -> SQLValue) -> SQLValue { value.map(make) ?? .null }
}
