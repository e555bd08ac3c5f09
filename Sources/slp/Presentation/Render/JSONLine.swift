import SLPSupport
/// A JSON document for stdout that is written when it is printed, not when it is rendered: a
/// city-scale search is large, and it then streams through one small reused buffer instead of
/// being built whole in memory first.
struct JSONLine: Equatable, Sendable {
    private let body: @Sendable (inout JSONWriter) -> Void

    /// `body` writes one top-level value; it runs each time the line is written.
    init(_ body: @escaping @Sendable (inout JSONWriter) -> Void) {
        self.body = body
    }

    /// Writes the document and the newline that ends it.
    func write(to writer: inout JSONWriter) {
        body(&writer)
        writer.newline()
    }

    /// The whole line, built in memory (for tests and comparisons).
    var text: String {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.text
    }

    static func == (lhs: JSONLine, rhs: JSONLine) -> Bool { lhs.text == rhs.text }
}
