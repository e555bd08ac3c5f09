
/// Writes compact JSON straight into bytes: what `JSONValue` uses, and what renderers of large
/// results (search) use directly to skip building a tree of values first.
///
/// The bytes live in one buffer this writer owns (it cannot be copied): a search writes half
/// a megabyte in tens of thousands of small pieces, and `Array.append` checked uniqueness and
/// capacity for each of them. A chunked writer hands the buffer on whenever it fills and then
/// reuses it, so a document of any size touches only that much memory.
public struct JSONWriter: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var count = 0
    @usableFromInline var capacity: Int
    /// One bit per open object or array (innermost lowest): set while it still has no member.
    @usableFromInline var empty: UInt64 = 1
    /// A key was just written; its value needs no comma.
    @usableFromInline var afterKey = false
    // The top level counts as one more container, empty at first, so nothing precedes its value.

    /// Where a chunked writer hands its bytes; nil keeps them all in memory.
    @usableFromInline let sink: ((UnsafeRawBufferPointer) -> Void)?

    /// A writer that keeps everything in memory, growing as needed.
    @inlinable
    public init(capacity: Int = 4_096) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
        sink = nil
    }

    /// A writer that hands its bytes to `sink`, in order, whenever the next piece would overflow
    /// `chunk` bytes, and on `flush()`. Only a single piece larger than `chunk` (a very long
    /// string) makes the buffer grow.
    @inlinable
    public init(chunk: Int, flushingTo sink: @escaping (UnsafeRawBufferPointer) -> Void) {
        capacity = max(chunk, 64)
        base = .allocate(capacity: capacity)
        self.sink = sink
    }

    deinit { base.deallocate() }

    /// Ends the line after a whole document.
    @inlinable
    public mutating func newline() {
        append(UInt8(ascii: "\n"))
    }

    /// Hands what is buffered to the sink of a chunked writer (nothing when nothing is).
    @inlinable
    public mutating func flush() {
        guard let sink, count > 0 else { return }
        sink(UnsafeRawBufferPointer(start: base, count: count))
        count = 0
    }

    /// The bytes written so far (by a chunked writer: since the last flush).
    @inlinable
    public var text: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    /// Room for `extra` more bytes.
    @inline(__always)
    @inlinable
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { makeRoom(extra) }
    }

    /// Flushes a chunked writer; grows the buffer when that is not enough (or not possible).
    /// Kept out of line so that every append stays small enough to inline.
    @inline(never)
    @usableFromInline
    mutating func makeRoom(_ extra: Int) {
        flush()
        if count + extra > capacity { grow(extra) }
    }

    @usableFromInline
    mutating func grow(_ extra: Int) {
        let grown = max(capacity * 2, count + extra)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = grown
    }

    @inline(__always)
    @inlinable
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always)
    @inlinable
    mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
        guard let source = piece.baseAddress, piece.count > 0 else { return }
        reserve(piece.count)
        JSONWriter.copy(source, to: base + count, count: piece.count)
        count += piece.count
    }

    /// Copies `count` bytes. The pieces of a search's JSON are mostly 4 to 32 bytes (keys, uids,
    /// nicks, study names), and a call to memmove cost more than the copy: up to 32 bytes go
    /// as whole words, the last one overlapping the one before.
    @inline(__always)
    @inlinable
    public static func copy(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target)
        switch count {
        case 8...16:
            let head = from.loadUnaligned(as: UInt64.self), tail = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
        case 17...32:
            let first = from.loadUnaligned(as: (UInt64, UInt64).self)
            let last = from.loadUnaligned(fromByteOffset: count - 16, as: (UInt64, UInt64).self)
            to.storeBytes(of: first.0, as: UInt64.self)
            to.storeBytes(of: first.1, toByteOffset: 8, as: UInt64.self)
            to.storeBytes(of: last.0, toByteOffset: count - 16, as: UInt64.self)
            to.storeBytes(of: last.1, toByteOffset: count - 8, as: UInt64.self)
        case 4..<8:
            let head = from.loadUnaligned(as: UInt32.self), tail = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
        case 0..<4:
            for index in 0..<count { target[index] = source[index] }
        default:
            target.update(from: source, count: count)
        }
    }

    @inline(__always)
    @inlinable
    mutating func append(_ piece: StaticString) {
        piece.withUTF8Buffer { append($0) }
    }

    /// Comma between members, none after a key or at the start of a container.
    @inline(__always)
    @inlinable
    mutating func separate() {
        if afterKey {
            afterKey = false
        } else if empty & 1 == 0 {
            append(UInt8(ascii: ","))
        } else {
            empty &= ~1
        }
    }

    @inlinable
    public mutating func beginObject() {
        separate()
        append(UInt8(ascii: "{"))
        empty = empty << 1 | 1
    }

    @inlinable
    public mutating func endObject() {
        empty >>= 1
        append(UInt8(ascii: "}"))
    }

    @inlinable
    public mutating func beginArray() {
        separate()
        append(UInt8(ascii: "["))
        empty = empty << 1 | 1
    }

    @inlinable
    public mutating func endArray() {
        empty >>= 1
        append(UInt8(ascii: "]"))
    }

    @inlinable
    public mutating func key(_ key: String) {
        separate()
        escape(key)
        append(UInt8(ascii: ":"))
        afterKey = true
    }

    /// A key known at compile time to be plain ASCII needing no escapes (`"uid"`).
    @inline(__always)
    @inlinable
    public mutating func key(_ key: StaticString) {
        separate()
        // A one-character literal may be stored as a scalar, without bytes to copy.
        guard key.hasPointerRepresentation else {
            escape(key.description)
            append(UInt8(ascii: ":"))
            afterKey = true
            return
        }
        // One capacity check for the quoted key and its colon.
        reserve(key.utf8CodeUnitCount + 3)
        base[count] = UInt8(ascii: "\"")
        (base + count + 1).update(from: key.utf8Start, count: key.utf8CodeUnitCount)
        count += key.utf8CodeUnitCount + 1
        base[count] = UInt8(ascii: "\"")
        base[count + 1] = UInt8(ascii: ":")
        count += 2
        afterKey = true
    }

    @inlinable
    public mutating func string(_ value: String) {
        separate()
        escape(value)
    }

    /// A string given as its UTF-8 bytes.
    @inlinable
    public mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        separate()
        escape(utf8)
    }

    @inlinable
    public mutating func int(_ value: Int) {
        separate()
        // Most numbers in slp's output (counts, codes, flags) are one digit.
        if (0...9).contains(value) { return append(UInt8(ascii: "0") + UInt8(value)) }
        digits(value)
    }

    /// The decimal digits of `value`, written directly: no String per number.
    @inlinable
    mutating func digits(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        // Filled from the end, so the digits come out in order.
        var start = 20
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            append(UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[start...]))
        }
    }

    @inlinable
    public mutating func double(_ value: Double) {
        separate()
        // JSON has no NaN or infinity; domain values are always finite.
        guard value.isFinite else { return append("null" as StaticString) }
        // The shortest text that reads back as the same number (what `description` gives),
        // formatted into a small buffer here instead of a new String per number.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(ASCIIBuffer.capacity, ShortestDecimal.capacity)) { storage in
            if let count = ShortestDecimal.write(value, to: storage.baseAddress!) {
                return append(UnsafeBufferPointer(rebasing: storage[..<count]))
            }
            var buffer = ASCIIBuffer(storage: storage)
            value.write(to: &buffer)
            append(UnsafeBufferPointer(rebasing: storage[..<buffer.count]))
        }
    }

    @inlinable
    public mutating func bool(_ value: Bool) {
        separate()
        append(value ? "true" as StaticString : "false")
    }

    @inlinable
    public mutating func null() {
        separate()
        append("null" as StaticString)
    }

    // Fixed layouts. A renderer that writes the same object thousands of times (a search's
    // cards) writes its keys and punctuation as whole fragments and its values bare, instead of
    // one call per key and per separator. Between `beginObject()` or `beginArray()` and the
    // matching end, such a renderer writes only fragments and bare values, and every comma.

    /// Appends `fragment` as it is: keys, colons, commas and brackets the caller lays out
    /// (`,"nick":`), each valid JSON where it is written.
    @inline(__always)
    @inlinable
    public mutating func fragment(_ fragment: StaticString) {
        reserve(fragment.utf8CodeUnitCount)
        JSONWriter.copy(fragment.utf8Start, to: base + count, count: fragment.utf8CodeUnitCount)
        count += fragment.utf8CodeUnitCount
    }

    /// A number as a value where a fragment left room for it.
    @inline(__always)
    @inlinable
    public mutating func bareInt(_ value: Int) {
        if (0...9).contains(value) { return append(UInt8(ascii: "0") + UInt8(value)) }
        digits(value)
    }

    /// A string as a value where a fragment left room for it.
    @inlinable
    public mutating func bareString(utf8: UnsafeBufferPointer<UInt8>) {
        escape(utf8)
    }

    /// A string as a value where a fragment left room for it.
    @inlinable
    public mutating func bareString(_ value: String) {
        escape(value)
    }

    /// A number as a value where a fragment left room for it.
    @inlinable
    public mutating func bareDouble(_ value: Double) {
        guard value.isFinite else { return append("null" as StaticString) }
        // Written in place when the buffer has room for the longest text.
        reserve(ShortestDecimal.capacity)
        if let written = ShortestDecimal.write(value, to: base + count) {
            count += written
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ASCIIBuffer.capacity) { storage in
            var buffer = ASCIIBuffer(storage: storage)
            value.write(to: &buffer)
            append(UnsafeBufferPointer(rebasing: storage[..<buffer.count]))
        }
    }
}
