
/// Draws identifiers from the system's cryptographic random source (about 166 bits each).
public struct RandomUserIDGenerator: UserIDGenerator {
    public init() {}

    public func next() -> UserID {
        var random = SystemRandomNumberGenerator()
        return UserID.random(using: &random)
    }
}
