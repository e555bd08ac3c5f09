#if PostgreSQL
extension PGStorage: SecretStore {
    public func secret(named name: String) throws -> [UInt8]? {
        try database.read { try SQLTransaction($0, search: PGQueueSearch()).secret(named: name) }
    }

    public func secret(named name: String, creatingWith make: () throws -> [UInt8]) throws -> [UInt8] {
        if let found = try secret(named: name) { return found }
        let value = try make()
        return try database.write { try SQLTransaction($0, search: PGQueueSearch()).insertSecret(named: name, value) }
    }
}
#endif
