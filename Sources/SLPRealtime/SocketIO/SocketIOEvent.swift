import SLPSupport

/// An EVENT packet's data as the hub reads it: the event's name, then its arguments
/// (`["changesocketid","<uid>"]`).
package struct SocketIOEvent: Equatable, Sendable {
    package let name: String
    package let arguments: [JSONScalar]

    /// The event `data` holds: a JSON array whose first element is a string; nil otherwise.
    package init?(data: String) {
        guard let elements = JSONReader.array(Array(data.utf8)), case .string(let name)? = elements.first else { return nil }
        self.name = name
        self.arguments = Array(elements.dropFirst())
    }
}
