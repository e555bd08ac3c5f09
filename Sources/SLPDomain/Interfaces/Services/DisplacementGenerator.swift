/// Draws the displacement a person is shown at while they wait.
public protocol DisplacementGenerator: Sendable {
    func next() -> Displacement
}
