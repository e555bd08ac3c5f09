/// Bytes for stdout that a renderer hands over instead of copying: a city-scale search writes
/// half a megabyte of JSON, and every copy of it cost as many fresh pages as it filled.
struct OutputBytes: Equatable, Sendable {
    /// Immutable once made, so it can be shared between copies of the value and across tasks.
    private final class Storage: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>
        let count: Int

        init(adopting base: UnsafeMutablePointer<UInt8>, count: Int) {
            self.base = base
            self.count = count
        }

        deinit { base.deallocate() }
    }

    private let storage: Storage?

    /// No bytes.
    init() {
        storage = nil
    }

    /// A copy of `bytes`.
    init(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else {
            storage = nil
            return
        }
        let base = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        bytes.withUnsafeBufferPointer { base.initialize(from: $0.baseAddress!, count: $0.count) }
        storage = Storage(adopting: base, count: bytes.count)
    }

    /// Takes over `base` (allocated with `UnsafeMutablePointer.allocate`), whose first `count`
    /// bytes are initialised; it is deallocated when the last copy goes.
    init(adopting base: UnsafeMutablePointer<UInt8>, count: Int) {
        storage = Storage(adopting: base, count: count)
    }

    var count: Int { storage?.count ?? 0 }

    var isEmpty: Bool { count == 0 }

    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        guard let storage else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return try body(UnsafeRawBufferPointer(start: storage.base, count: storage.count))
    }

    static func == (lhs: OutputBytes, rhs: OutputBytes) -> Bool {
        lhs.withUnsafeBytes { left in rhs.withUnsafeBytes { right in left.elementsEqual(right) } }
    }
}
