#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPSupport

/// The web client's files, compiled into slp from `Sources/SLPWebClient/Files` (the `EmbedFiles`
/// plugin), and how `slp serve` lays them out: `index.html` at `/`, everything under `app/` at
/// `/app/<hash>/…`, where the hash changes with any byte of any file, so that a browser may keep
/// those for good and still never runs yesterday's script with today's page.
package enum WebClientFiles {
    /// The page itself, served at `/`.
    package static let page = "index.html"
    /// The folder of the page's scripts, stylesheets and images.
    package static let appFolder = "app/"

    /// Every file, as written in the repository, sorted by path.
    package static let all: [WebClientFile] = embedded.map { entry in
        // The plugin wrote each as base64 itself.
        WebClientFile(path: entry.path, bytes: Array(Data(base64Encoded: entry.base64) ?? Data()))
    }

    /// The content hash of every file (paths and bytes): 16 hex digits of FNV-1a.
    package static let hash: String = {
        var bytes: [UInt8] = []
        for file in all {
            bytes += Array(file.path.utf8) + [0] + Array(String(file.bytes.count).utf8) + [0] + file.bytes
        }
        let value = bytes.withUnsafeBufferPointer(FNV1a.hash)
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }()

    /// The files as serve writes them, by path under the served folder: `index.html`, whose
    /// `"/app/` references become `"/app/<hash>/`, and each file of `app/` under `app/<hash>/`.
    /// Other files at the top are not served.
    package static var served: [WebClientFile] { served(firebase: nil) }

    /// The files as serve writes them, the page also carrying `firebase`'s config (a
    /// `<meta name="slp-firebase">` before `</head>`, as no script may be inline) when there is one.
    package static func served(firebase: FirebaseWebConfig?) -> [WebClientFile] {
        all.compactMap { file in
            if file.path == page {
                var bytes = replacing(Array("\"/\(appFolder)".utf8), with: Array("\"/\(appFolder)\(hash)/".utf8), in: file.bytes)
                if let firebase {
                    let meta = "<meta name=\"\(FirebaseWebConfig.metaName)\" content=\"\(attribute(firebase.pageJSON))\">\n</head>"
                    bytes = replacing(Array("</head>".utf8), with: Array(meta.utf8), in: bytes)
                }
                return WebClientFile(path: page, bytes: bytes)
            }
            guard file.path.hasPrefix(appFolder) else { return nil }
            return WebClientFile(path: appFolder + hash + "/" + String(file.path.dropFirst(appFolder.count)), bytes: file.bytes)
        }
    }

    /// `text` as an HTML attribute's value, between double quotes.
    static func attribute(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// `bytes` with every `pattern` replaced by `replacement`.
    static func replacing(_ pattern: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if index + pattern.count <= bytes.count, bytes[index..<index + pattern.count].elementsEqual(pattern) {
                result += replacement
                index += pattern.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }
}
