#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The pieces of some bytes between separators, read one at a time: how the queue card's fields,
/// counts, comments and study names come apart. Empty bytes are one empty piece.
struct Pieces {
    private let bytes: Slice<UnsafeBufferPointer<UInt8>>
    private let separator: Int32
    /// Where the next piece starts; past `bytes.endIndex` once the last one was read.
    private var start: Int

    init(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, separatedBy separator: UInt8) {
        self.bytes = bytes
        self.separator = Int32(separator)
        start = bytes.startIndex
    }

    /// The next piece, or nil after the last.
    mutating func next() -> Slice<UnsafeBufferPointer<UInt8>>? {
        let from = start
        guard from <= bytes.endIndex else { return nil }
        // memchr looks at several bytes at a time: search reads every byte of thousands of cards.
        guard let base = bytes.base.baseAddress, from < bytes.endIndex,
              let found = memchr(base + from, separator, bytes.endIndex - from) else {
            start = bytes.endIndex + 1
            return bytes[from...]
        }
        let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        start = end + 1
        return bytes[from..<end]
    }

    /// Everything not read yet, separators included, as the last piece.
    mutating func rest() -> Slice<UnsafeBufferPointer<UInt8>>? {
        let from = start
        guard from <= bytes.endIndex else { return nil }
        start = bytes.endIndex + 1
        return bytes[from...]
    }
}
