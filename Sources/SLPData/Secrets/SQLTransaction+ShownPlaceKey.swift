import SLPDomain
import SLPIdentity

/// The key behind where the API shows people, made by the first write that needs it.
extension SQLTransaction {
    func shownPlaceKey() throws -> any KeyedHash {
        let key = try secret(named: ShownPlaceKey.secretName)
            ?? insertSecret(named: ShownPlaceKey.secretName, try SecureRandom.bytes(ShownPlaceKey.keyLength))
        return try HMACKeyedHash(key: key)
    }
}
