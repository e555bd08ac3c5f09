/// The service's own secrets, kept with its data (the key that signs `slp token`'s tokens):
/// plain storage, read and written whole; what a secret is for is decided by its user. A
/// secret's value is never printed, logged or put in an error.
public protocol SecretStore: AnyObject {
    /// The secret named `name`, or nil when none was made yet. Only reads.
    func secret(named name: String) throws -> [UInt8]?
    /// The secret named `name`, made by `make` and stored first when there is none: when many
    /// processes ask at once, exactly one value is stored and every one of them gets it.
    func secret(named name: String, creatingWith make: () throws -> [UInt8]) throws -> [UInt8]
}
