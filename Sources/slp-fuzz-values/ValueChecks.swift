import Foundation
import SLPDomain
import SLPFuzzSupport

/// The invariants every value type of the domain must keep, whatever it is given:
/// - parsing never traps, and a rejection is `DomainError.invalid` with a code and a
///   non-empty one-line message (it is printed as one `Error:` line);
/// - parsing is deterministic (twice the same input, twice the same outcome);
/// - parse → description → parse gives an equal value with the same description.
enum ValueChecks {
    enum Check: UInt8, CaseIterable {
        case phone, nick, email, study, studyList, favoriteStudy, gender, reportReason
        case chatText, commentText, userID, forbiddenWords, calendarDate, utcDay, coordinate
        case ageRange, shopItem, reputation
    }

    static func run(_ input: FuzzInput) {
        let check = Check(rawValue: input.selector % UInt8(Check.allCases.count))!
        switch check {
        case .phone: phone(input.text)
        case .nick: nick(input.text)
        case .email: roundTrip("Email", input.text, { try Email($0) }, \.value)
        case .study: study(input.text)
        case .studyList: studyList(input.texts)
        case .favoriteStudy: roundTrip("FavoriteStudy", input.text, { try FavoriteStudy($0) }, \.value)
        case .gender: roundTrip("Gender", input.text, { try Gender($0) }, \.description)
        case .reportReason: roundTrip("ReportReason", input.text, { try ReportReason($0) }, \.description)
        case .chatText: boundedText(input.text, BoundedText.chat, field: "message")
        case .commentText: boundedText(input.text, BoundedText.comment, field: "comment")
        case .userID: roundTrip("UserID", input.text, { try UserID($0) }, \.rawValue)
        case .forbiddenWords: forbiddenWords(input.texts)
        case .calendarDate: calendarDate(input)
        case .utcDay: utcDay(input.double(0))
        case .coordinate: coordinate(input)
        case .ageRange: ageRange(input)
        case .shopItem: shopItem(input)
        case .reputation: reputation(input)
        }
    }

    // MARK: Text parsers

    private static func phone(_ raw: String) {
        guard let phone = roundTrip("PhoneNumber", raw, { try PhoneNumber($0) }, \.e164) else { return }
        require(same(try PhoneNumber(phone.national), phone), "PhoneNumber national form \(phone.national.debugDescription) does not parse back to \(phone)")
        // `--as` trims, then routes by shape: a valid number must be routed to the phone lookup.
        require(PhoneNumber.looksLikePhone(raw.trimmingCharacters(in: CharacterSet.whitespaces)), "PhoneNumber \(raw.debugDescription) is valid but does not look like a phone")
    }

    private static func nick(_ raw: String) {
        guard let nick = roundTrip("Nick", raw, { try Nick($0) }, \.value) else { return }
        require((1...Nick.maxLength).contains(nick.value.count), "Nick \(nick.value.debugDescription) has \(nick.value.count) characters")
        require(Nick.limit.excess(of: nick.value) == nil, "Nick \(nick.value.debugDescription) passes with \(nick.value.utf8.count) bytes or a tower of marks")
        require(bytes(nick.value, nick.value.trimmingCharacters(in: CharacterSet.whitespacesAndNewlines)), "Nick \(nick.value.debugDescription) is not trimmed")
        require(bytes(nick.value, nick.value.precomposedStringWithCanonicalMapping), "Nick \(nick.value.debugDescription) is not NFC")
    }

    private static func study(_ raw: String) {
        guard let study = roundTrip("Study", raw, { try Study($0) }, \.name, equal: sameStudy) else { return }
        require(!study.name.isEmpty && study.name.count <= Study.maxLength, "Study \(study.name.debugDescription) has \(study.name.count) characters")
        require(!study.name.contains { $0.isWhitespace }, "Study \(study.name.debugDescription) contains whitespace")
        // Storage keeps only the name; reading it back must give the same study.
        require(sameStudy(Study(stored: study.name), study), "Study \(study.name.debugDescription) read back from storage has key \(Study(stored: study.name).key.debugDescription), not \(study.key.debugDescription)")
    }

    private static func studyList(_ arguments: [String]) {
        let first = outcome("StudyList", arguments, StudyList.init(parsing:))
        let second = outcome("StudyList", arguments, StudyList.init(parsing:))
        require(agree(first, second, sameList), "StudyList \(arguments.debugDescription) parsed twice: \(first) then \(second)")
        guard case .success(let list) = first else { return }
        require((1...StudyList.maxCount).contains(list.studies.count), "StudyList \(list) has \(list.studies.count) studies")
        require(Set(list.studies).count == list.studies.count, "StudyList \(list) has duplicates")
        let text = list.description
        let again = outcome("StudyList", [text], StudyList.init(parsing:))
        guard case .success(let reparsed) = again else {
            return require(false, "StudyList description \(text.debugDescription) of \(arguments.debugDescription) does not parse back: \(again)")
        }
        require(sameList(reparsed, list) && bytes(reparsed.description, text), "StudyList \(text.debugDescription) parses back as \(reparsed.description.debugDescription)")
        // Storage splits the description at its space bytes (`StudyInterner`), not at characters (a
        // space and a combining mark after it are one), and reads each name back.
        let stored = StudyList(stored: text.unicodeScalars.split(separator: " ").map { Study(stored: String(Substring($0))) })
        require(sameList(stored, list), "StudyList \(text.debugDescription) read back from storage is \(stored.studies.map(\.key))")
        for study in list.studies { require(list.accepts(study), "StudyList \(list) does not accept its own \(study)") }
        require(list.shared(with: list).map(\.key) == list.studies.map(\.key), "StudyList \(list) does not share all of itself")
    }

    private static func boundedText(_ raw: String, _ lengths: ClosedRange<Int>, field: String) {
        let parse = { (text: String) in try BoundedText(text, allowed: lengths, field: field) }
        guard let text = roundTrip("BoundedText", raw, parse, \.value) else { return }
        require(lengths.contains(text.value.count), "BoundedText \(text.value.debugDescription) has \(text.value.count) characters")
        require(TextLimit(characters: lengths).excess(of: text.value) == nil, "BoundedText \(text.value.debugDescription) passes with \(text.value.utf8.count) bytes or a tower of marks")
    }

    private static func forbiddenWords(_ words: [String]) {
        let list = ForbiddenWords(words)
        for word in words {
            require(list.matches(word) == list.matches(word), "ForbiddenWords.matches(\(word.debugDescription)) is not deterministic")
            // Registration checks the parsed nick; it must decide as the raw text would.
            if let nick = try? Nick(word) {
                require(ForbiddenWords.standard.matches(nick.value) == ForbiddenWords.standard.matches(word), "ForbiddenWords decides \(word.debugDescription) and its nick \(nick.value.debugDescription) differently")
            }
        }
    }

    // MARK: Numbers and dates

    private static func calendarDate(_ input: FuzzInput) {
        let (year, month, day) = (input.int16(0), input.int8(2), input.int8(3))
        let make = { (_: String) in try CalendarDate(year: year, month: month, day: day) }
        let first = outcome("CalendarDate", "", make), second = outcome("CalendarDate", "", make)
        require(agree(first, second, ==), "CalendarDate(\(year), \(month), \(day)) parsed twice: \(first) then \(second)")
        guard case .success(let date) = first else { return }
        let text = date.description
        let parts = text.split(separator: "-").compactMap { Int($0) }
        require(text.utf8.count == 10 && parts == [year, month, day], "CalendarDate(\(year), \(month), \(day)) is written \(text.debugDescription)")
        require(CalendarDate(utcDayOf: date.startOfDayUTC) == date, "CalendarDate \(date) → \(date.daysSinceEpoch) days → \(CalendarDate(utcDayOf: date.startOfDayUTC))")
        // A birth date on another day: accepted exactly when not in the future and old enough.
        let todayOutcome = outcome("CalendarDate", "", { _ in try CalendarDate(year: input.int16(4), month: input.int8(6), day: input.int8(7)) })
        guard case .success(let today) = todayOutcome else { return }
        let birth = outcome("BirthDate", "", { _ in try BirthDate(date, today: today) })
        let expected = date <= today && date.fullYears(until: today) >= BirthDate.minimumAge
        require(birth.isSuccess == expected, "BirthDate(\(date), today: \(today)) gave \(birth)")
    }

    /// Days of any time the service can print (years 1 to 9999) are real calendar days.
    private static func utcDay(_ seconds: Double) {
        guard seconds.isFinite, (-62_135_596_800.0..<253_402_300_800.0).contains(seconds) else { return }
        // `Date` keeps seconds since 2001, so read back what it holds.
        let date = Date(timeIntervalSince1970: seconds)
        let day = CalendarDate(utcDayOf: date)
        require(same(try CalendarDate(year: day.year, month: day.month, day: day.day), day), "CalendarDate(utcDayOf: \(seconds)) is \(day.year)-\(day.month)-\(day.day)")
        let expected = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
        require(day.daysSinceEpoch == expected, "CalendarDate(utcDayOf: \(seconds)) is day \(day.daysSinceEpoch), not \(expected)")
    }

    private static func coordinate(_ input: FuzzInput) {
        let (latitude, longitude) = (input.double(0), input.double(8))
        let make = { (_: String) in try Coordinate(latitude: latitude, longitude: longitude) }
        let first = outcome("Coordinate", "", make), second = outcome("Coordinate", "", make)
        require(agree(first, second, ==), "Coordinate(\(latitude), \(longitude)) parsed twice: \(first) then \(second)")
        guard case .success(let point) = first else { return }
        let parts = point.description.split(separator: ",").compactMap { Double($0) }
        require(parts.count == 2 && same(try Coordinate(latitude: parts[0], longitude: parts[1]), point), "Coordinate \(point) does not parse back")
        require(point.distance(to: point) == 0, "Coordinate \(point) is \(point.distance(to: point)) m from itself")
        guard let other = try? Coordinate(latitude: input.double(16), longitude: input.double(24)) else { return }
        let there = point.distance(to: other), back = other.distance(to: point)
        require(there.isFinite && there >= 0 && there <= Double.pi * Coordinate.earthRadiusMetres * (1 + 1e-12), "distance \(point) → \(other) is \(there)")
        require(abs(there - back) <= 1e-6, "distance \(point) → \(other) is \(there) but back is \(back)")
    }

    private static func ageRange(_ input: FuzzInput) {
        let (low, high) = input.selector & 0x80 == 0 ? (input.int8(0), input.int8(1)) : (input.int64(0), input.int64(8))
        let make = { (_: String) in try AgeRange(min: low, max: high) }
        let first = outcome("AgeRange", "", make), second = outcome("AgeRange", "", make)
        require(agree(first, second, ==), "AgeRange(\(low), \(high)) parsed twice: \(first) then \(second)")
        guard case .success(let range) = first else { return }
        let parts = range.description.components(separatedBy: "–").compactMap { Int($0) }
        require(parts == [low, high], "AgeRange(\(low), \(high)) is written \(range.description.debugDescription)")
        require(range.contains(low) && range.contains(high) && !range.contains(low - 1) && !range.contains(high + 1), "AgeRange \(range) bounds")
    }

    private static func shopItem(_ input: FuzzInput) {
        let kind: ShopItemKind = input.selector & 0x80 == 0 ? .sesac : .background
        let index = input.int64(0)
        let found = outcome("ShopCatalog", "", { _ in try ShopCatalog.item(kind, index) })
        if case .success(let item) = found {
            require(item.kind == kind && item.index == index && item.price >= 0, "ShopCatalog.item(\(kind), \(index)) is \(item)")
        } else {
            require(!ShopCatalog.items(kind).indices.contains(index), "ShopCatalog.item(\(kind), \(index)) refused an item that exists")
        }
    }

    private static func reputation(_ input: FuzzInput) {
        let counts = (0..<min(input.payload.count / 2, 8)).map { input.int16(2 * $0) }
        guard case .success(let reputation) = outcome("Reputation", "", { _ in try Reputation(counts: counts) }) else { return }
        require(reputation.counts == counts, "Reputation(counts: \(counts)) keeps \(reputation.counts)")
        require(same(try Reputation(counts: reputation.counts), reputation), "Reputation \(counts) does not round-trip")
    }

    // MARK: Helpers

    /// Parses `raw` twice and its description once more; returns the value if it parsed.
    @discardableResult
    private static func roundTrip<T>(
        _ type: String, _ raw: String, _ parse: (String) throws -> T, _ text: (T) -> String,
        equal: (T, T) -> Bool
    ) -> T? {
        let first = outcome(type, raw, parse)
        let second = outcome(type, raw, parse)
        require(agree(first, second, equal), "\(type) \(raw.debugDescription) parsed twice: \(first) then \(second)")
        guard case .success(let value) = first else { return nil }
        let description = text(value)
        let again = outcome(type, description, parse)
        guard case .success(let reparsed) = again else {
            require(false, "\(type) \(raw.debugDescription) is written \(description.debugDescription), which is refused: \(again)")
            return nil
        }
        require(equal(reparsed, value), "\(type) \(raw.debugDescription) is written \(description.debugDescription), which parses to a different value")
        require(bytes(text(reparsed), description), "\(type) \(raw.debugDescription) is written \(description.debugDescription), then \(text(reparsed).debugDescription)")
        return value
    }

    @discardableResult
    private static func roundTrip<T: Equatable>(
        _ type: String, _ raw: String, _ parse: (String) throws -> T, _ text: (T) -> String
    ) -> T? {
        roundTrip(type, raw, parse, text, equal: ==)
    }

    /// The value, or the rejection after checking it is a proper one-line invalid-value error.
    private static func outcome<Input, T>(_ type: String, _ raw: Input, _ parse: (Input) throws -> T) -> Result<T, DomainError> {
        do {
            return .success(try parse(raw))
        } catch let error as DomainError {
            guard case .invalid(let value) = error else {
                require(false, "\(type) \(raw) threw \(error), not an invalid value")
                return .failure(error)
            }
            require(!value.code.isEmpty && !value.message.isEmpty, "\(type) \(raw) threw an error without code or message: \(value)")
            require(isOneLine(value.message), "\(type) \(raw) threw a message that is not one line: \(value.message.debugDescription)")
            return .failure(error)
        } catch {
            require(false, "\(type) \(raw) threw \(error), not a DomainError")
            return .failure(.notRegistered)
        }
    }

    private static func agree<T>(_ first: Result<T, DomainError>, _ second: Result<T, DomainError>, _ equal: (T, T) -> Bool) -> Bool {
        switch (first, second) {
        case (.success(let a), .success(let b)): equal(a, b)
        case (.failure(let a), .failure(let b)): a == b
        default: false
        }
    }

    private static func same<T: Equatable>(_ make: @autoclosure () throws -> T, _ expected: T) -> Bool {
        (try? make()) == expected
    }

    private static func sameStudy(_ a: Study, _ b: Study) -> Bool {
        a == b && bytes(a.name, b.name) && bytes(a.key, b.key)
    }

    private static func sameList(_ a: StudyList, _ b: StudyList) -> Bool {
        a.studies.count == b.studies.count && zip(a.studies, b.studies).allSatisfy(sameStudy)
    }

    /// Byte equality: `String ==` treats canonically equivalent texts as equal.
    private static func bytes(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
