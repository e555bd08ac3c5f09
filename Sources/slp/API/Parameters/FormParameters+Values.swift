import SLPCommandLine
import SLPDomain
import SLPSupport

/// The values SLP's requests carry, read from their text: syntax only (rules are the domain's).
/// Anything unreadable is a client error (501) naming the parameter.
extension FormParameters {
    func required(_ key: String) throws(Failure) -> String {
        guard let value = try value(key) else { throw APIFailure.missing(key) }
        return value
    }

    /// A finite decimal number (`37.517819`).
    func decimal(_ key: String) throws(Failure) -> Double? {
        guard let text = try value(key) else { return nil }
        guard let value = try? ValueSyntax.decimal(text, option: key) else { throw APIFailure.invalid(key, "is not a number") }
        return value
    }

    /// A whole number (`20`).
    func integer(_ key: String) throws(Failure) -> Int? {
        guard let text = try value(key) else { return nil }
        guard let value = try? ValueSyntax.integer(text, option: key) else { throw APIFailure.invalid(key, "is not a whole number") }
        return value
    }

    /// SLP's 0/1 flag (`searchable`).
    func flag(_ key: String) throws(Failure) -> Bool? {
        switch try value(key) {
        case nil: return nil
        case "0": return false
        case "1": return true
        default: throw APIFailure.invalid(key, "is 0 or 1")
        }
    }

    /// SLP's gender: 0 female, 1 male.
    func gender(_ key: String) throws(Failure) -> Gender? {
        guard let text = try value(key) else { return nil }
        guard let gender = try? Gender(text) else { throw APIFailure.invalid(key, "is 0 (female) or 1 (male)") }
        return gender
    }

    /// A uid (`otheruid`).
    func uid(_ key: String) throws(Failure) -> UserID? {
        guard let text = try value(key) else { return nil }
        return try Self.uid(text, key)
    }

    /// `text` as a uid, for parameters and path segments alike.
    static func uid(_ text: String, _ key: String) throws(Failure) -> UserID {
        guard let uid = try? UserID(text) else { throw APIFailure.invalid(key, "is not a uid") }
        return uid
    }

    /// SLP's six-flag lists (`reputation`, `reportedReputation`), as clients send them: six (or
    /// more, padded with zeros) repeated 0/1 values, or one string such as `[1, 0, 0, 1, 0, 0]`.
    /// The flags in order; nil when absent.
    func flags(_ key: String) throws(Failure) -> [Bool]? {
        var texts = values(key)
        guard !texts.isEmpty else { return nil }
        if texts.count == 1, let list = texts.first?.trimmingWhitespace, list.hasPrefix("[") && list.hasSuffix("]") {
            texts = list.dropFirst().dropLast().split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace }
        }
        var flags: [Bool] = []
        for text in texts {
            switch text {
            case "0": flags.append(false)
            case "1": flags.append(true)
            default: throw APIFailure.invalid(key, "is a list of 0 and 1")
            }
        }
        guard flags.count >= ReputationTitle.allCases.count, !flags.dropFirst(ReputationTitle.allCases.count).contains(true) else {
            throw APIFailure.invalid(key, "is six 0/1 values (more only as trailing zeros)")
        }
        return Array(flags.prefix(ReputationTitle.allCases.count))
    }
}
