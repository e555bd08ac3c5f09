/// How the text of an option becomes a typed value, and what it refuses: a one-line `UsageError`
/// that names the option (from `ValueSyntax`), or nothing at all (`Never`) for plain text.
public struct ValueReader<Value: Sendable, Failure: Error>: Sendable {
    private let body: @Sendable (_ text: String, _ option: String) throws(Failure) -> Value

    /// `body` turns the text given for `option` (`--lat`) into a value, or refuses it.
    public init(_ body: @escaping @Sendable (_ text: String, _ option: String) throws(Failure) -> Value) {
        self.body = body
    }

    /// The value `text` stands for, given for `option`.
    public func read(_ text: String, option: String) throws(Failure) -> Value {
        try body(text, option)
    }
}

extension ValueReader where Value == String, Failure == Never {
    /// The text as typed.
    public static var text: Self { Self { text, _ in text } }
}

extension ValueReader where Value == Int, Failure == UsageError {
    /// `ValueSyntax.integer`: `18`, `-3`.
    public static var integer: Self { Self(ValueSyntax.integer) }
}

extension ValueReader where Value == Double, Failure == UsageError {
    /// `ValueSyntax.decimal`: `37.5178`, `-33.87`.
    public static var decimal: Self { Self(ValueSyntax.decimal) }
}

extension ValueReader where Failure == UsageError {
    /// `ValueSyntax.date`: `1998-03-14`, made into a day by `day`.
    public static func date(_ day: @escaping @Sendable (_ year: Int, _ month: Int, _ day: Int) throws -> Value) -> Self {
        Self { text, option throws(UsageError) in try ValueSyntax.date(text, option: option, making: day) }
    }
}

extension ValueReader where Value == Bool, Failure == UsageError {
    /// `ValueSyntax.toggle`: `on` or `off`.
    public static var toggle: Self { Self(ValueSyntax.toggle) }
}
