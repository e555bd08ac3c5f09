/// ASCII text kept in place: up to 32 bytes in four words instead of a heap-allocated `String`
/// (longer text as a `String`). Compares and orders as its bytes, as `String` does ASCII.
///
/// For identifiers that search makes by the thousand. Public, with `withUTF8` `@inlinable`, for
/// the reason `ByteStringTable` gives.
public struct InlineASCII: Hashable, Sendable, Comparable {
    /// Zero-padded (an ASCII text byte is never zero), first byte most significant, so the words
    /// order as the bytes do. Which case holds depends on the length only, so equal texts are
    /// always stored alike.
    @usableFromInline enum Storage: Hashable, Sendable {
        case inline(UInt64, UInt64, UInt64, UInt64)
        case text(String)
    }

    @usableFromInline let storage: Storage

    /// The longest text kept in place.
    public static let inlineCapacity = 32

    /// `utf8` must be ASCII without NUL bytes.
    public init(utf8: UnsafeBufferPointer<UInt8>) {
        guard utf8.count <= Self.inlineCapacity else {
            storage = .text(String(decoding: utf8, as: UTF8.self))
            return
        }
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(utf8)) }
        storage = .inline(UInt64(bigEndian: words.0), UInt64(bigEndian: words.1), UInt64(bigEndian: words.2), UInt64(bigEndian: words.3))
    }

    /// `text` must be ASCII without NUL bytes.
    public init(_ text: String) {
        var text = text
        self = text.withUTF8 { InlineASCII(utf8: $0) }
    }

    /// The text's bytes.
    public init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { InlineASCII(utf8: $0) }
    }

    public var string: String {
        switch storage {
        case .text(let text): text
        case .inline: withUTF8 { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// Calls `body` with the text's bytes.
    @inlinable
    public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        switch storage {
        case .text(var text):
            return try text.withUTF8(body)
        case let .inline(first, second, third, fourth):
            // The padding is zero bytes at the end, which no text contains.
            let count = fourth != 0 ? 32 - fourth.trailingZeroBitCount / 8
                : third != 0 ? 24 - third.trailingZeroBitCount / 8
                : second != 0 ? 16 - second.trailingZeroBitCount / 8
                : 8 - first.trailingZeroBitCount / 8
            var bytes: (UInt64, UInt64, UInt64, UInt64) = (first.bigEndian, second.bigEndian, third.bigEndian, fourth.bigEndian)
            return try withUnsafeBytes(of: &bytes) { raw in
                try body(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[..<count]))
            }
        }
    }

    public static func < (lhs: InlineASCII, rhs: InlineASCII) -> Bool {
        if case let .inline(l0, l1, l2, l3) = lhs.storage, case let .inline(r0, r1, r2, r3) = rhs.storage {
            return (l0, l1, l2, l3) < (r0, r1, r2, r3)
        }
        return lhs.withUTF8 { left in rhs.withUTF8 { right in left.lexicographicallyPrecedes(right) } }
    }
}
