/// Draws displacements from the system's cryptographic random source: nobody can predict one
/// from the others.
public struct RandomDisplacementGenerator: DisplacementGenerator {
    public init() {}

    public func next() -> Displacement {
        var random = SystemRandomNumberGenerator()
        return Displacement.random(using: &random)
    }
}
