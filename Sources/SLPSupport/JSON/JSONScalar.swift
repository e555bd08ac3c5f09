/// A member or element of what `JSONReader` reads: the kinds of value slp looks at kept, arrays
/// and objects only checked (Firebase nests some claims slp does not read).
package enum JSONScalar: Equatable, Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    /// An array or an object, well formed.
    case structured
}
