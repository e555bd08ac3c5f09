/// A member of a JWT's header or claims, as `TokenJSON` reads it: the kinds of value slp looks
/// at kept, arrays and objects only checked (Firebase nests some claims slp does not read).
enum TokenJSONValue: Equatable, Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    /// An array or an object, well formed.
    case structured
}
