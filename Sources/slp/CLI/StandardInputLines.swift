#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SLPCommandLine
import SLPSupport

/// Lines of standard input, read as they arrive (so `tail -f | slp chat send` streams),
/// each checked to be UTF-8. A final line without a newline counts too.
struct StandardInputLines {
    private var buffer: [UInt8] = []
    private var finished = false
    private(set) var lineNumber = 0

    /// The next line without its `\n` (or `\r\n`); nil at end of input.
    mutating func next() throws(UsageError) -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return try decode(line)
            }
            if finished {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return try decode(buffer)
            }
            if let chunk = FileDescriptorInput.read(from: STDIN_FILENO) {
                buffer += chunk
            } else {
                finished = true
            }
        }
    }

    private mutating func decode(_ bytes: [UInt8]) throws(UsageError) -> String {
        lineNumber += 1
        guard let line = String(validating: bytes, as: UTF8.self) else {
            throw UsageError(message: "standard input line \(lineNumber) is not UTF-8 text", code: "invalid_value")
        }
        return line
    }
}
