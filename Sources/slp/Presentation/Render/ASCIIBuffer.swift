/// A fixed buffer a number writes its text into (`TextOutputStream`), for `JSONWriter`.
///
/// The standard library hands a number's digits to `_writeASCII` as bytes; implementing it
/// here keeps them bytes, where the default makes a String of them first.
struct ASCIIBuffer: TextOutputStream {
    /// Longer than any `Double` or `Int` description (at most 24 and 20 characters).
    static let capacity = 40

    let storage: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    init(storage: UnsafeMutableBufferPointer<UInt8>) {
        self.storage = storage
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        for byte in buffer where count < storage.count {
            storage[count] = byte
            count += 1
        }
    }

    mutating func write(_ string: String) {
        for byte in string.utf8 where count < storage.count {
            storage[count] = byte
            count += 1
        }
    }
}
