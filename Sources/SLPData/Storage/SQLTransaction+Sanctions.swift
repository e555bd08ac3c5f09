import SLPDomain
import SLPIdentity

/// Sanctions kept for the numbers of withdrawn accounts, in SQL written once for both backends.
extension SQLTransaction {
    func sanctions(of phone: PhoneNumber) throws -> Sanctions? {
        // No key yet: nothing was ever kept.
        guard let key = try secret(named: PhoneKey.secretName) else { return nil }
        return try connection.first(
            "SELECT \(SanctionsRecord.selection) FROM sanctions WHERE phone_key = $1", [.text(try PhoneKey.of(phone, key: key))],
            SanctionsRecord.sanctions)
    }

    func keepSanctions(_ sanctions: Sanctions?, of phone: PhoneNumber) throws {
        let key = try secret(named: PhoneKey.secretName)
            ?? insertSecret(named: PhoneKey.secretName, try SecureRandom.bytes(PhoneKey.keyLength))
        let phoneKey = try PhoneKey.of(phone, key: key)
        guard let sanctions else {
            try connection.run("DELETE FROM sanctions WHERE phone_key = $1", [.text(phoneKey)])
            return
        }
        let columns = SanctionsRecord.columns(of: sanctions, phoneKey: phoneKey)
        let names = columns.map(\.name)
        try connection.run("""
            INSERT INTO sanctions (\(names.joined(separator: ", "))) VALUES (\(columns.indices.map { "$\($0 + 1)" }.joined(separator: ", ")))
            ON CONFLICT (phone_key) DO UPDATE SET \(names.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
            """, columns.map(\.value))
    }
}
