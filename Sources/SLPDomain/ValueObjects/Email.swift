import SLPSupport

/// A sane e-mail address: `local@domain.tld`, ASCII, domain lower-cased.
public struct Email: Hashable, Sendable, CustomStringConvertible {
    public let value: String

    public init(_ raw: String) throws {
        let text = raw.trimmingWhitespace
        guard let value = Email.parse(text) else {
            throw DomainError.invalid("invalid_email", "'\(raw.sanitizedForMessage)' is not an e-mail address")
        }
        self.value = value
    }

    /// The address as stored (`local@domain`, the domain lower-cased), or nil when `text` is not one.
    static func parse(_ text: String) -> String? {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard text.utf8.count <= 254, parts.count == 2 else { return nil }
        let local = parts[0]
        let domain = parts[1].lowercased()
        let localAllowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.!#$%&'*+/=?^_`{|}~-")
        guard (1...64).contains(local.count), local.allSatisfy(localAllowed.contains),
              local.first != ".", local.last != ".", !local.contains("..") else { return nil }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        let labelAllowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        guard labels.count >= 2,
              labels.allSatisfy({ (1...63).contains($0.count) && $0.allSatisfy(labelAllowed.contains)
                  && $0.first != "-" && $0.last != "-" }),
              let tld = labels.last, tld.count >= 2, tld.allSatisfy(\.isLetter) else { return nil }
        return "\(local)@\(domain)"
    }

    /// An address the domain itself made and knows to be valid (synthetic users).
    init(trusted value: String) {
        self.value = value
    }

    public var description: String { value }
}
