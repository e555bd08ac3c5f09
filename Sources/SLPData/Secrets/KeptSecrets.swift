/// The secrets of `store`, each read from it once and then kept: a secret never changes once
/// made (it is only ever inserted, never replaced or removed), so a process that serves many
/// requests asks the store for the key of `slp token` once, not in every request.
package final class KeptSecrets: SecretStore {
    private let store: any SecretStore
    private var kept: [String: [UInt8]] = [:]

    package init(_ store: any SecretStore) {
        self.store = store
    }

    package func secret(named name: String) throws -> [UInt8]? {
        if let value = kept[name] { return value }
        // None yet is not kept: another process may make it at any moment.
        guard let value = try store.secret(named: name) else { return nil }
        kept[name] = value
        return value
    }

    package func secret(named name: String, creatingWith make: () throws -> [UInt8]) throws -> [UInt8] {
        if let value = kept[name] { return value }
        let value = try store.secret(named: name, creatingWith: make)
        kept[name] = value
        return value
    }
}
