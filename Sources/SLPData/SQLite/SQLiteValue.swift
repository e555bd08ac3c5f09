
/// A value bound to a statement parameter.
public enum SQLiteValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

extension SQLiteValue: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral, ExpressibleByFloatLiteral,
    ExpressibleByNilLiteral
{
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    public init(floatLiteral value: Double) { self = .real(value) }
    public init(nilLiteral: ()) { self = .null }
}

extension SQLiteValue {
    public static func int(_ value: Int) -> SQLiteValue { .integer(Int64(value)) }
    public static func bool(_ value: Bool) -> SQLiteValue { .integer(value ? 1 : 0) }
    public static func optionalInt(_ value: Int64?) -> SQLiteValue { value.map(SQLiteValue.integer) ?? .null }
}
