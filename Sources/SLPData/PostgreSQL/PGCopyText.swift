#if PostgreSQL
/// Rows for `COPY … FROM STDIN` in PostgreSQL's text format, built value by value: columns
/// separated by tabs, rows ended by a newline, and a backslash, tab, newline or carriage return
/// inside a text escaped, so any text goes through.
struct PGCopyText {
    private(set) var bytes: [UInt8] = []
    private var rowStarted = false

    init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ text: ArraySlice<UInt8>) {
        separate()
        for byte in text {
            switch byte {
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            default: bytes.append(byte)
            }
        }
    }

    mutating func append(_ value: some PGValue) {
        separate()
        bytes += value.pgText.utf8
    }

    /// Ends the current row.
    mutating func endRow() {
        bytes.append(UInt8(ascii: "\n"))
        rowStarted = false
    }

    /// Forgets the rows built so far, keeping the memory.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        rowStarted = false
    }

    private mutating func separate() {
        if rowStarted { bytes.append(UInt8(ascii: "\t")) }
        rowStarted = true
    }
}

extension PGCopyText: BulkRow {
    mutating func integer(_ value: Int64) { append(value) }
    mutating func real(_ value: Double) { append(value) }
    mutating func text(_ bytes: ArraySlice<UInt8>) { append(bytes) }
    mutating func boolean(_ value: Bool) { append(value) }
}
#endif
