/// A message's `_id`: 24 lowercase hex digits as SLP's were, the conversation's number then the
/// message's number in it (12 digits each), so ids sort as the messages do.
public struct MessageID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The match whose conversation holds the message.
    public let conversation: Int64
    /// 1 for a conversation's first message, then one more for each.
    public let sequence: Int64

    public init(conversation: Int64, sequence: Int64) {
        self.conversation = conversation
        self.sequence = sequence
    }

    /// Reads an id back from its text; nil for anything else.
    public init?(_ text: String) {
        let digits = Array(text.utf8)
        guard digits.count == 24, let conversation = Int64(String(decoding: digits[..<12], as: UTF8.self), radix: 16),
              let sequence = Int64(String(decoding: digits[12...], as: UTF8.self), radix: 16),
              text == MessageID(conversation: conversation, sequence: sequence).description else { return nil }
        self.init(conversation: conversation, sequence: sequence)
    }

    public var description: String { Self.hex(conversation) + Self.hex(sequence) }

    public static func < (lhs: MessageID, rhs: MessageID) -> Bool {
        (lhs.conversation, lhs.sequence) < (rhs.conversation, rhs.sequence)
    }

    private static func hex(_ value: Int64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 12 - digits.count)) + digits
    }
}
