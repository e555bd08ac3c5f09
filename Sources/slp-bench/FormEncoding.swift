/// `application/x-www-form-urlencoded` as the apps' Alamofire writes it: every byte but
/// letters, digits and `-._~` percent-escaped.
enum FormEncoding {
    static func escape(_ text: String) -> String {
        var escaped = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                escaped += "%"
                escaped.unicodeScalars.append(digits[Int(byte >> 4)])
                escaped.unicodeScalars.append(digits[Int(byte & 0x0F)])
            }
        }
        return escaped
    }

    /// `key=value&…`, each value escaped.
    static func form(_ pairs: [(String, String)]) -> String {
        pairs.map { "\($0.0)=\(escape($0.1))" }.joined(separator: "&")
    }
}
