/// The two `NSString` path helpers the database code used, with their exact results:
/// runs of `/` count as one, a trailing `/` is ignored, and `/` alone stays `/`.
enum PathText {
    /// `NSString.lastPathComponent`.
    static func lastComponent(_ path: String) -> String {
        let fixed = fixingSlashes(path)
        if fixed.utf16.count <= 1 { return fixed }
        return String(fixed[startOfLastComponent(fixed)...])
    }

    /// `NSString.deletingLastPathComponent`.
    static func deletingLastComponent(_ path: String) -> String {
        let fixed = fixingSlashes(path)
        if fixed == "/" || fixed.isEmpty { return fixed }
        let start = startOfLastComponent(fixed)
        if start == fixed.startIndex { return "" }
        if start == fixed.index(after: fixed.startIndex) { return "/" }
        return String(fixed[..<fixed.index(before: start)])
    }

    /// Runs of `/` made one, then one trailing `/` dropped (so `//` becomes empty, as there).
    private static func fixingSlashes(_ path: String) -> String {
        if path == "/" { return path }
        var result = ""
        var afterSlash = false
        for character in path {
            if character == "/" {
                if !afterSlash { result.append(character) }
                afterSlash = true
            } else {
                result.append(character)
                afterSlash = false
            }
        }
        if result.hasSuffix("/") { result.removeLast() }
        return result
    }

    private static func startOfLastComponent(_ path: String) -> String.Index {
        var position = path.endIndex
        while position > path.startIndex {
            let before = path.index(before: position)
            if path[before] == "/" { break }
            position = before
        }
        return position
    }
}
