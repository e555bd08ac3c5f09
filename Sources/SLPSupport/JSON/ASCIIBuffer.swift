/// A fixed buffer a number writes its text into (`TextOutputStream`), for `JSONWriter`.
///
/// The standard library hands a number's digits to `_writeASCII` as bytes; implementing it
/// here keeps them bytes, where the default makes a String of them first.
@usableFromInline
struct ASCIIBuffer: TextOutputStream {
    /// Longer than any `Double` or `Int` description (at most 24 and 20 characters).
    @usableFromInline static let capacity = 40

    @usableFromInline let storage: UnsafeMutableBufferPointer<UInt8>
    @usableFromInline private(set) var count = 0

    @usableFromInline
    init(storage: UnsafeMutableBufferPointer<UInt8>) {
        self.storage = storage
    }

    @usableFromInline
    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        for byte in buffer where count < storage.count {
            storage[count] = byte
            count += 1
        }
    }

    @usableFromInline
    mutating func write(_ string: String) {
        for byte in string.utf8 where count < storage.count {
            storage[count] = byte
            count += 1
        }
    }
}
