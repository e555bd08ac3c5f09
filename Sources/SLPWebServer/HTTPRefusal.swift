/// A request lighttpd refuses by itself, before slp sees it: the HTTP status, and slp's code and
/// message for it, which the caller words as slp's JSON error object.
package struct HTTPRefusal: Sendable, Equatable {
    package let status: Int
    package let code: String
    package let message: String
}
