
extension Character {
    /// True for characters a person can see and type: no controls, format or bidi marks,
    /// line separators, private-use or unassigned code points, fillers or odd spaces.
    ///
    /// Joiners and variation selectors are allowed inside emoji sequences, where they belong.
    var isVisibleText: Bool {
        let scalars = unicodeScalars
        // A keycap (1️⃣) is an ASCII digit made emoji by U+FE0F and U+20E3.
        let isEmojiSequence = scalars.count > 1
            && scalars.contains { ($0.properties.isEmoji && $0.value > 0x7F) || $0.value == 0x20E3 }
        return scalars.allSatisfy { scalar in
            if scalar == " " { return scalars.count == 1 }
            let properties = scalar.properties
            switch properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned:
                return false
            case .spaceSeparator:
                return false
            default:
                break
            }
            if properties.isDefaultIgnorableCodePoint || properties.generalCategory == .format {
                // Zero-width joiner and variation selectors hold emoji sequences together.
                let joinsEmoji = scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value)
                return joinsEmoji && isEmojiSequence
            }
            // Blank-looking letters used to fake an empty nick.
            return ![0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800].contains(scalar.value)
        }
    }
}

extension String {
    /// The string cut to 40 characters with controls replaced, safe to quote in a one-line message.
    var sanitizedForMessage: String {
        let cleaned = String(map { $0.isVisibleText || $0 == " " ? $0 : "\u{FFFD}" })
        return cleaned.count > 40 ? String(cleaned.prefix(40)) + "…" : cleaned
    }
}
