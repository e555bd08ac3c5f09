import Foundation

// `slp-embed-files FOLDER OUTPUT`: writes OUTPUT, a Swift file that gives `WebClientFiles.embedded`,
// every regular file under FOLDER (hidden ones apart) as its path relative to FOLDER and its
// bytes in base64, sorted by path. Base64 in a string literal: any bytes, quick to compile.
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: slp-embed-files FOLDER OUTPUT\n".utf8))
    exit(2)
}
let folder = URL(fileURLWithPath: arguments[1]).standardizedFileURL
var entries: [(path: String, bytes: Data)] = []
if let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]) {
    for case let url as URL in walk where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
        let path = String(url.standardizedFileURL.path.dropFirst(folder.path.count + 1))
        guard let bytes = FileManager.default.contents(atPath: url.path) else {
            FileHandle.standardError.write(Data("slp-embed-files: cannot read \(url.path)\n".utf8))
            exit(1)
        }
        entries.append((path, bytes))
    }
}
entries.sort { $0.path < $1.path }
var text = "// Made by slp-embed-files from the target's Files/ folder: edit those files, not this one.\n"
text += "extension WebClientFiles {\n    static let embedded: [(path: String, base64: String)] = [\n"
for entry in entries {
    // Paths are written as Swift string literals: escape what a literal cannot hold as it is.
    let path = entry.path.unicodeScalars.map { $0 == "\"" || $0 == "\\" ? "\\\($0)" : String($0) }.joined()
    text += "        (\"\(path)\", \"\(entry.bytes.base64EncodedString())\"),\n"
}
text += "    ]\n}\n"
do {
    try Data(text.utf8).write(to: URL(fileURLWithPath: arguments[2]))
} catch {
    FileHandle.standardError.write(Data("slp-embed-files: cannot write \(arguments[2]): \(error)\n".utf8))
    exit(1)
}
