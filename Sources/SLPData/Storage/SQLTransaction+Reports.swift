import SLPDomain

/// Reports kept with the phone numbers of withdrawn accounts, in SQL written once for both
/// backends: a side of a report names an account (`reporter_id`, `reported_id`) while it has
/// one, and otherwise its number's keyed hash (`PhoneKey`), as `sanctions` keeps it.
extension SQLTransaction {
    func keepReports(of uid: UserID) throws {
        guard let id = try rowID(uid),
              let phone = try connection.first("SELECT phone FROM users WHERE id = $1", [.integer(id)], { $0.text("phone") })
        else { return }
        let values: [SQLValue] = [.integer(id), .text(try PhoneKey.of(e164: phone, key: try phoneKeySecret()))]
        for side in ["reporter", "reported"] {
            try connection.run("""
                UPDATE reports SET \(side)_id = NULL, \(side)_key = $2, carried = true, comment = '' WHERE \(side)_id = $1
                """, values)
        }
    }

    func takeUpReports(of phone: PhoneNumber, for uid: UserID) throws -> Bool {
        // No key yet: nothing was ever kept.
        guard let key = try secret(named: PhoneKey.secretName), let id = try rowID(uid) else { return false }
        let values: [SQLValue] = [.integer(id), .text(try PhoneKey.of(phone, key: key))]
        var taken = 0
        for side in ["reporter", "reported"] {
            taken += try connection.run("UPDATE reports SET \(side)_id = $1, \(side)_key = NULL WHERE \(side)_key = $2", values)
        }
        return taken > 0
    }
}
