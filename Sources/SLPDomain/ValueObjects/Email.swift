import SLPSupport

/// A sane e-mail address: `local@domain.tld`, ASCII, domain lower-cased.
public struct Email: Hashable, Sendable, CustomStringConvertible {
    public let value: String

    public init(_ raw: String) throws {
        let text = raw.trimmingWhitespace
        guard let value = text.utf8.allSatisfy({ $0 < 0x80 }) ? Email.parseASCII(text) : Email.parse(text) else {
            throw DomainError.invalid("invalid_email", "'\(raw.sanitizedForMessage)' is not an e-mail address")
        }
        self.value = value
    }

    /// `parse` for an address of ASCII only, on its bytes: every user loaded from the file is
    /// checked again (twice per message `chat send` stores), and the character-level parse
    /// (sets of `Character`, substring searches) is much slower. Decides every ASCII text as
    /// `parse` does (a randomized test holds the two together).
    static func parseASCII(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.count <= 254, let at = bytes.firstIndex(of: 0x40), !bytes[(at + 1)...].contains(0x40) else { return nil }
        let local = bytes[..<at]
        let domain = bytes[(at + 1)...].map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        func isLetter(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) }
        func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        // Letters, digits and !#$%&'*+-./=?^_`{|}~
        func inLocal(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x21, 0x23...0x27, 0x2A, 0x2B, 0x2D...0x2F, 0x3D, 0x3F, 0x5E...0x60, 0x7B...0x7E: true
            default: isLetter(byte) || isDigit(byte)
            }
        }
        guard (1...64).contains(local.count), local.allSatisfy(inLocal),
              local.first != 0x2E, local.last != 0x2E,
              !zip(local, local.dropFirst()).contains(where: { $0 == 0x2E && $1 == 0x2E }) else { return nil }
        let labels = domain.split(separator: 0x2E, omittingEmptySubsequences: false)
        guard labels.count >= 2,
              labels.allSatisfy({ (1...63).contains($0.count) && $0.allSatisfy({ isLetter($0) || isDigit($0) || $0 == 0x2D })
                  && $0.first != 0x2D && $0.last != 0x2D }),
              let tld = labels.last, tld.count >= 2, tld.allSatisfy(isLetter) else { return nil }
        return String(decoding: local, as: UTF8.self) + "@" + String(decoding: domain, as: UTF8.self)
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
