import SLPData

/// Draws what `slp backup` copied: one line a figure for people, one object for programs.
struct BackupRenderer {
    let format: OutputFormat

    func render(_ copy: BackupCopy) -> Output {
        let seconds = (copy.seconds * 100).rounded() / 100
        switch format {
        case .json:
            return .success(JSONValue.object([
                ("file", .string(copy.path)), ("bytes", .int(Int(copy.bytes))), ("schemaVersion", .int(copy.schemaVersion)),
                ("pages", .int(copy.pages)), ("seconds", .double(seconds)),
            ]).text + "\n")
        case .text(let style):
            var table = KeyValueTable()
            table.add("file", copy.path)
            table.add("size", "\(copy.bytes) bytes (\(Self.mebibytes(copy.bytes)) MiB)")
            table.add("schema version", String(copy.schemaVersion))
            table.add("pages", String(copy.pages))
            table.add("seconds", String(seconds))
            return .success(table.render(style: style))
        }
    }

    private static func mebibytes(_ bytes: Int64) -> String {
        let tenths = (bytes * 10 + 524_288) / 1_048_576
        return "\(tenths / 10).\(tenths % 10)"
    }
}
