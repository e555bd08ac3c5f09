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
        let phoneKey = try PhoneKey.of(phone, key: try phoneKeySecret())
        guard let sanctions else {
            try connection.run("DELETE FROM sanctions WHERE phone_key = $1", [.text(phoneKey)])
            return
        }
        let columns = SanctionsRecord.columns
        try connection.run("""
            \(columns.insert(into: "sanctions")) ON CONFLICT (phone_key) DO UPDATE SET \(columns.dropFirst().assignmentsFromExcluded)
            """, SanctionsRecord.values(of: sanctions, phoneKey: phoneKey))
    }

    /// The key of `PhoneKey`, made by the first write that keeps something under a number.
    func phoneKeySecret() throws -> [UInt8] {
        try secret(named: PhoneKey.secretName) ?? insertSecret(named: PhoneKey.secretName, try SecureRandom.bytes(PhoneKey.keyLength))
    }
}
