#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing to a file descriptor with write(2): the whole buffer, resuming after partial writes
/// and EINTR.
public enum FileDescriptorOutput {
    /// Writes all of `bytes`; nil when done, else the errno of the write that failed (0 when
    /// the descriptor took nothing).
    public static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        guard var next = bytes.baseAddress else { return nil }
        var remaining = bytes.count
        while remaining > 0 {
            let written = systemWrite(descriptor, next, remaining)
            if written > 0 {
                next += written
                remaining -= written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return written < 0 ? errno : 0
            }
        }
        return nil
    }

    /// Writes all of `text`'s UTF-8 bytes; as `write(_:to:)`.
    public static func write(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { write(UnsafeRawBufferPointer($0), to: descriptor) }
    }
}

/// write(2), named apart from `FileDescriptorOutput.write`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
