/// One line of input being typed: the text on each side of the cursor. Every edit works on
/// whole characters (grapheme clusters), so Backspace removes a Hangul syllable, an accented
/// letter with its mark or an emoji sequence at once, and the cursor never stands inside one.
public struct LineEditor: Equatable, Sendable {
    public private(set) var beforeCursor: String
    public private(set) var afterCursor: String

    public init(_ text: String = "") {
        beforeCursor = text
        afterCursor = ""
    }

    public var text: String { beforeCursor + afterCursor }
    public var isEmpty: Bool { beforeCursor.isEmpty && afterCursor.isEmpty }

    /// The cursor's column from the start of the line.
    public var cursorColumn: Int { DisplayWidth.of(beforeCursor) }

    /// Applies an editing key; false for a key that does not edit a line (Enter, Ctrl-C…),
    /// which changes nothing.
    @discardableResult
    public mutating func apply(_ key: Key) -> Bool {
        switch key {
        case .text(let text):
            // One line: a pasted line break is a space.
            beforeCursor += TerminalText.sanitized(text.replacing("\r\n", with: " ").replacing("\n", with: " "))
        case .backspace:
            if !beforeCursor.isEmpty { beforeCursor.removeLast() }
        case .deleteForward:
            if !afterCursor.isEmpty { afterCursor.removeFirst() }
        case .left:
            if let last = beforeCursor.popLast() { afterCursor = String(last) + afterCursor }
        case .right:
            if !afterCursor.isEmpty { beforeCursor.append(afterCursor.removeFirst()) }
        case .home, .lineStart:
            afterCursor = beforeCursor + afterCursor
            beforeCursor = ""
        case .end, .lineEnd:
            beforeCursor += afterCursor
            afterCursor = ""
        case .clearToStart:
            beforeCursor = ""
        case .deleteWord:
            while beforeCursor.last == " " { beforeCursor.removeLast() }
            while let last = beforeCursor.last, last != " " { beforeCursor.removeLast() }
        case .enter, .interrupt, .endOfInput, .redraw, .up, .down, .pageUp, .pageDown:
            return false
        }
        return true
    }

    /// What to show of the line in `width` columns, and the cursor's column there: all of it
    /// when it fits, else a stretch scrolled so that the cursor stays in view.
    public func visible(width: Int) -> (text: String, cursor: Int) {
        let width = max(1, width)
        let before = cursorColumn
        if before + DisplayWidth.of(afterCursor) < width {
            return (text, before)
        }
        // The end of the text before the cursor, leaving a column for the cursor itself.
        var shown = ""
        var used = 0
        for character in beforeCursor.reversed() {
            let columns = DisplayWidth.of(character)
            if used + columns > width - 1 { break }
            shown.insert(character, at: shown.startIndex)
            used += columns
        }
        let cursor = used
        for character in afterCursor {
            let columns = DisplayWidth.of(character)
            if used + columns > width { break }
            shown.append(character)
            used += columns
        }
        return (shown, cursor)
    }
}
