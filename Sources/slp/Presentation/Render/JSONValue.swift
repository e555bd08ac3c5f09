import SLPSupport
/// A JSON document with object keys kept in the order written (the SLP API's order).
enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        default: false
        }
    }

    /// Compact text on one line.
    var text: String {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.text
    }

    /// Writes this value as the next member of `writer`.
    func write(to writer: inout JSONWriter) {
        switch self {
        case .null: writer.null()
        case .bool(let value): writer.bool(value)
        case .int(let value): writer.int(value)
        case .double(let value): writer.double(value)
        case .string(let value): writer.string(value)
        case .array(let values):
            writer.beginArray()
            for value in values { value.write(to: &writer) }
            writer.endArray()
        case .object(let members):
            writer.beginObject()
            for (key, value) in members {
                writer.key(key)
                value.write(to: &writer)
            }
            writer.endObject()
        }
    }
}
