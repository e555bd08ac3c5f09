/// The numbers a process slot of the metrics file holds after its pid, each written by that
/// process alone. The raw value is the number's place in the slot (at most 15).
package enum MetricsValue: Int, CaseIterable, Sendable {
    /// A worker: 1 while it answers a request.
    case busy
}
