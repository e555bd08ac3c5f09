/// The escape sequences slp sends a terminal (ECMA-48 and the xterm private modes every
/// terminal emulator in use understands).
public enum ANSI {
    /// Moves the cursor; `row` and `column` count from 0.
    public static func moveTo(row: Int, column: Int) -> String {
        "\u{1B}[\(row + 1);\(column + 1)H"
    }

    public static let clearLine = "\u{1B}[2K"
    public static let clearScreen = "\u{1B}[2J"
    public static let resetStyle = "\u{1B}[0m"
    public static let hideCursor = "\u{1B}[?25l"
    public static let showCursor = "\u{1B}[?25h"
    /// The alternate screen: what was on the terminal before comes back on leaving it.
    public static let enterAlternateScreen = "\u{1B}[?1049h"
    public static let leaveAlternateScreen = "\u{1B}[?1049l"

    public static let bold = "\u{1B}[1m"
    public static let dim = "\u{1B}[2m"
    public static let reverse = "\u{1B}[7m"
    public static let red = "\u{1B}[31m"
    public static let green = "\u{1B}[32m"
    public static let cyan = "\u{1B}[36m"
}
