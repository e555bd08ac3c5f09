import SLPDomain
import SLPSupport

/// The `_id` of a user's document, as SLP's MongoDB-backed server named it: 24 lowercase hex
/// digits, the registration second first (as an ObjectId starts) and then 64 bits mixed from
/// the uid. Derived from what never changes in the row, so it is the same on every read, on
/// either backend, without being stored; unrelated to the phone number.
enum DocumentID {
    static func of(_ user: User) -> String {
        let seconds = UInt32(truncatingIfNeeded: Int64(user.createdAt.timeIntervalSince1970.rounded(.down)))
        var mixer = SplitMix64(seed: FNV1a.hash(user.uid.rawValue))
        return hex(UInt64(seconds), digits: 8) + hex(mixer.next(), digits: 16)
    }

    private static func hex(_ value: UInt64, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: digits - text.count) + text
    }
}
