/// CoreFoundation's `CFStringNormalize`, step by step, over scalar values.
enum Normalizer {
    enum Form {
        case canonicalComposition, compatibilityDecomposition, compatibilityComposition

        var compatibility: Bool { self != .canonicalComposition }
        var composes: Bool { self != .compatibilityDecomposition }
    }

    private static let sBase: UInt32 = 0xAC00, sCount: UInt32 = 11_172
    private static let lBase: UInt32 = 0x1100, vBase: UInt32 = 0x1161, tBase: UInt32 = 0x11A7
    private static let lCount = 19, vCount = 21, tCount = 28
    private static let replacement: UInt32 = 0xFFFD

    static func normalize(_ text: String, _ form: Form) -> String {
        // ASCII is unchanged by every form; Hangul syllables and CJK unified ideographs are
        // unchanged by the composing forms (the decomposing one splits syllables into jamo).
        if !text.utf8.contains(where: { $0 >= 0x80 }) { return text }
        if form.composes && text.unicodeScalars.allSatisfy(isUnchangedByComposition) { return text }
        var scalars = text.unicodeScalars.map(\.value)
        normalize(&scalars, form)
        // CoreFoundation can compose a Hangul "syllable" in the surrogate range (L index 19):
        // a lone UTF-16 surrogate, which reaches Swift as U+FFFD.
        return String(String.UnicodeScalarView(scalars.map { Unicode.Scalar($0) ?? "\u{FFFD}" }))
    }

    private static func isUnchangedByComposition(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 || (sBase..<sBase + sCount).contains(scalar.value) || (0x4E00...0x9FFF).contains(scalar.value)
    }

    private static func combiningClass(_ value: UInt32) -> UInt8 {
        value < 0x300 ? 0 : Unicode.Scalar(value).map { $0.properties.canonicalCombiningClass.rawValue } ?? 0
    }

    private static func isCanonicallyDecomposable(_ value: UInt32) -> Bool {
        (sBase..<sBase + sCount).contains(value) || (!hasNoDecomposition(value) && UnicodeTables.canonicalDecompositions[value] != nil)
    }

    /// Scalars known to have neither decomposition (so common text never loads the tables):
    /// ASCII and the C1 controls, Hangul jamo, CJK unified ideographs and Hangul syllables
    /// (whose canonical decomposition is computed).
    private static func hasNoDecomposition(_ value: UInt32) -> Bool {
        value < 0xA0 || (0x1100...0x11FF).contains(value) || (0x4E00...0x9FFF).contains(value) || (sBase..<sBase + sCount).contains(value)
    }

    private static func compatibilityDecomposition(_ value: UInt32) -> [UInt32]? {
        hasNoDecomposition(value) ? nil : UnicodeTables.compatibilityDecompositions[value]
    }

    /// `CFUniCharDecomposeCharacter` (its Hangul range includes one past the last syllable).
    private static func decompose(_ value: UInt32, into mapped: inout [UInt32]) {
        if value >= sBase && value <= sBase + sCount {
            let index = value - sBase
            mapped.append(index / UInt32(vCount * tCount) + lBase)
            mapped.append(index % UInt32(vCount * tCount) / UInt32(tCount) + vBase)
            if index % UInt32(tCount) != 0 { mapped.append(index % UInt32(tCount) + tBase) }
        } else if let decomposition = UnicodeTables.canonicalDecompositions[value] {
            mapped.append(contentsOf: decomposition)
        }
    }

    private static func isNonBase(_ value: UInt32) -> Bool {
        let ranges = UnicodeTables.nonBaseCharacters
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < value { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].contains(value)
    }

    private static func precompose(_ base: UInt32, _ combining: UInt32) -> UInt32 {
        UnicodeTables.compositions[UInt64(base) << 32 | UInt64(combining)] ?? replacement
    }

    /// `__CFUniCharPrioritySort`: after the leading class-0 scalars, a stable bubble sort by class.
    private static func prioritySort(_ characters: inout [UInt32]) {
        var start = 0
        while start < characters.count && combiningClass(characters[start]) == 0 { start += 1 }
        guard characters.count - start > 1 else { return }
        var changes = true
        while changes {
            changes = false
            var p2 = combiningClass(characters[start])
            for index in (start + 1)..<characters.count {
                let p1 = p2
                p2 = combiningClass(characters[index])
                if p1 > p2 {
                    characters.swapAt(index - 1, index)
                    changes = true
                }
            }
        }
    }

    /// `CFUniCharCompatibilityDecompose`: each scalar with a compatibility mapping replaced by
    /// its full decomposition, with no reordering.
    private static func compatibilityDecompose(_ characters: inout [UInt32]) {
        guard characters.contains(where: { compatibilityDecomposition($0) != nil }) else { return }
        var result: [UInt32] = []
        result.reserveCapacity(characters.count + 4)
        for character in characters {
            if let decomposition = compatibilityDecomposition(character) {
                result.append(contentsOf: decomposition)
            } else {
                result.append(character)
            }
        }
        characters = result
    }

    /// `CFStringNormalize` over the scalars, in place.
    private static func normalize(_ string: inout [UInt32], _ form: Form) {
        var currentIndex = 0
        while currentIndex < string.count {
            var contents = currentIndex
            var currentChar = string[contents]
            contents += 1
            var currentLength = 1
            var mapped: [UInt32] = []

            if isCanonicallyDecomposable(currentChar) && combiningClass(currentChar) == 0 {
                if !form.composes || currentChar < sBase || currentChar > sBase + sCount {
                    decompose(currentChar, into: &mapped)
                }
            }

            if contents < string.count || mapped.isEmpty {
                if !mapped.isEmpty { currentChar = string[contents] }
                if combiningClass(currentChar) != 0 {
                    if mapped.isEmpty {
                        contents -= 1
                        if currentIndex > 0 {
                            mapped.append(string[contents - 1])
                            currentIndex -= 1
                            currentLength += 1
                        }
                    } else {
                        currentLength += 1
                    }
                    contents += 1
                    if isCanonicallyDecomposable(currentChar) { decompose(currentChar, into: &mapped) } else { mapped.append(currentChar) }
                    while contents < string.count {
                        currentChar = string[contents]
                        if combiningClass(currentChar) == 0 { break }
                        contents += 1
                        currentLength += 1
                        if isCanonicallyDecomposable(currentChar) { decompose(currentChar, into: &mapped) } else { mapped.append(currentChar) }
                    }
                }
                if mapped.count > 1 { prioritySort(&mapped) }
            }

            if form.compatibility {
                if mapped.isEmpty && compatibilityDecomposition(currentChar) != nil {
                    mapped.append(currentChar)
                }
                compatibilityDecompose(&mapped)
            }

            if form.composes {
                if mapped.count > 1 {
                    compose(&mapped, form)
                } else if currentChar >= lBase && currentChar < lBase + 0xFF {
                    let lIndex = Int(Int8(truncatingIfNeeded: currentChar &- lBase))
                    if contents < string.count && 0 <= lIndex && lIndex <= lCount {
                        let vIndex = utf16Offset(string[contents], from: vBase)
                        if vIndex >= 0 && vIndex <= vCount {
                            var tIndex = 0
                            contents += 1
                            currentLength += 1
                            if contents < string.count {
                                tIndex = utf16Offset(string[contents], from: tBase)
                                if tIndex < 0 || tIndex > tCount {
                                    tIndex = 0
                                } else {
                                    contents += 1
                                    currentLength += 1
                                }
                            }
                            mapped = [UInt32((lIndex * vCount + vIndex) * tCount + tIndex) + sBase]
                        }
                    }
                } else {
                    // Class-0 non-base characters following a base.
                    while contents < string.count {
                        let nextChar = string[contents]
                        if !isNonBase(nextChar) || combiningClass(nextChar) != 0 { break }
                        currentChar = precompose(currentChar, nextChar)
                        if currentChar == replacement { break }
                        contents += 1
                        currentLength += 1
                        mapped = [currentChar]
                    }
                }
            }

            if !mapped.isEmpty {
                string.replaceSubrange(currentIndex..<currentIndex + currentLength, with: mapped)
                currentLength = mapped.count
            }
            currentIndex += currentLength
        }
    }

    /// `*contents - base` as CoreFoundation computes it on a UTF-16 unit, kept in an SInt16
    /// (scalars beyond the BMP are a high surrogate there, which never lands in range).
    private static func utf16Offset(_ value: UInt32, from base: UInt32) -> Int {
        guard value <= 0xFFFF else { return -1 }
        return Int(Int16(truncatingIfNeeded: Int(value) - Int(base)))
    }

    /// The composition pass of `CFStringNormalize` over one decomposed run.
    private static func compose(_ mapped: inout [UInt32], _ form: Form) {
        var consumedLength = 1
        var currentBase = 0
        var lastClass: UInt8 = 0
        var didCombine = false
        var currentChar = mapped[0]

        while consumedLength < mapped.count {
            var nextChar = mapped[consumedLength]
            let currentClass = combiningClass(nextChar)

            if form.compatibility {
                if currentChar >= lBase && currentChar < lBase + 0xFF {
                    let lIndex = Int(Int8(truncatingIfNeeded: currentChar &- lBase))
                    if 0 <= lIndex && lIndex <= lCount {
                        let vIndex = Int(Int16(truncatingIfNeeded: nextChar &- vBase))
                        if vIndex >= 0 && vIndex <= vCount {
                            var tIndex = 0
                            var usedLength = mapped.count
                            mapped[consumedLength] = replacement
                            consumedLength += 1
                            if consumedLength < mapped.count {
                                tIndex = Int(Int16(truncatingIfNeeded: mapped[consumedLength] &- tBase))
                                if tIndex < 0 || tIndex > tCount {
                                    tIndex = 0
                                } else {
                                    mapped[consumedLength] = replacement
                                    consumedLength += 1
                                }
                            }
                            mapped[currentBase] = UInt32(truncatingIfNeeded: (lIndex * vCount + vIndex) * tCount + tIndex + Int(sBase))
                            usedLength -= 1
                            while usedLength > 0 {
                                if mapped[usedLength] == replacement {
                                    mapped.remove(at: usedLength)
                                    consumedLength -= 1
                                }
                                usedLength -= 1
                            }
                            currentBase = consumedLength
                            currentChar = currentBase < mapped.count ? mapped[currentBase] : 0
                            consumedLength += 1
                            continue
                        }
                    }
                }
                if !isNonBase(nextChar) {
                    mapped[currentBase] = currentChar
                    currentBase = consumedLength
                    currentChar = nextChar
                    consumedLength += 1
                    continue
                }
            }

            if lastClass == 0 || currentClass > lastClass {
                nextChar = precompose(currentChar, nextChar)
                if nextChar == replacement {
                    lastClass = currentClass
                } else {
                    mapped[consumedLength] = replacement
                    didCombine = true
                    currentChar = nextChar
                }
            }
            consumedLength += 1
        }

        if currentBase < mapped.count { mapped[currentBase] = currentChar }
        if didCombine {
            var index = mapped.count - 1
            while index > 0 {
                if mapped[index] == replacement { mapped.remove(at: index) }
                index -= 1
            }
        }
    }
}
