import SLPDomain

/// The `study_keys` column of a queue row: the comparison keys of the user's studies as a JSON
/// array of strings, which the triggers that keep `queue_studies` in step read with `json_each`.
enum StudyKeys {
    static func json(_ studies: StudyList) -> String {
        var json: [UInt8] = [UInt8(ascii: "[")]
        for (index, study) in studies.studies.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            appendQuoted(study.key, to: &json)
        }
        json.append(UInt8(ascii: "]"))
        return String(decoding: json, as: UTF8.self)
    }

    /// Appends one key as a JSON string. Keys hold no control characters (a study's rules keep
    /// them out); quotes and backslashes are escaped.
    static func appendQuoted(_ key: String, to json: inout [UInt8]) {
        json.append(UInt8(ascii: "\""))
        for byte in key.utf8 {
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { json.append(UInt8(ascii: "\\")) }
            json.append(byte)
        }
        json.append(UInt8(ascii: "\""))
    }
}
