#if PostgreSQL
/// A value sent to the server as a statement parameter, in PostgreSQL's text form.
protocol PGValue {
    var pgText: String { get }
}

extension String: PGValue {
    var pgText: String { self }
}

extension Int: PGValue {
    var pgText: String { String(self) }
}

extension Int64: PGValue {
    var pgText: String { String(self) }
}

extension Double: PGValue {
    /// Swift prints the shortest text that reads back as the same double, and PostgreSQL reads it exactly.
    var pgText: String { description }
}

extension Bool: PGValue {
    var pgText: String { self ? "t" : "f" }
}
#endif
