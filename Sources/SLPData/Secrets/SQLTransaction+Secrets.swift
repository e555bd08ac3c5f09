/// Secrets as rows of `secrets` (name, value as lowercase hex), in SQL written once for both backends.
extension SQLTransaction {
    func secret(named name: String) throws -> [UInt8]? {
        try connection.first("SELECT value FROM secrets WHERE name = $1", [.text(name)]) { row in
            guard let bytes = SecretText.bytes(row.text("value")) else {
                throw StoredDataError(table: "secrets", id: 0, detail: "a secret that is not hex text")
            }
            return bytes
        }
    }

    /// Stores `value` under `name` unless a secret of that name exists; the stored value either way.
    func insertSecret(named name: String, _ value: [UInt8]) throws -> [UInt8] {
        try connection.run(
            "INSERT INTO secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING", [.text(name), .text(SecretText.hex(value))])
        guard let stored = try secret(named: name) else {
            throw StoredDataError(table: "secrets", id: 0, detail: "a secret just stored is missing")
        }
        return stored
    }
}
