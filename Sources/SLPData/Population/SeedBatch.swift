import SLPDomain
import SLPSupport

/// One batch of synthetic people as the tables take them, drawn person by person into flat rows
/// and one text buffer: a million people are never held as values, and the writes that follow
/// visit them in other orders, where compact rows are cheaper to reach than strings.
struct SeedBatch {
    /// One person's values. Texts are ranges of `text`, one after another: the card (which starts
    /// with the uid and ends with the study names: the queue row's `uid` and `studies`), the
    /// study keys as JSON, phone, e-mail, nick, birth date.
    struct Person {
        /// The uid's first 8 bytes as a big-endian number: orders like the uid, mostly.
        var uidPrefix: UInt64
        var cell: Int64
        var latitude: Double
        var longitude: Double
        /// Where the API shows the person (`PackedPoint`), its cell and the point itself.
        var shown: Int64
        var shownCell: Int64
        var shownLatitude: Double
        var shownLongitude: Double
        var traits: Int64
        var enteredAt: Int64
        var createdAt: Int64
        var gender: Int32
        var sesac: Int32
        var background: Int32
        var ageMin: Int32
        var ageMax: Int32
        var searchable: Bool
        var studyCount: Int32
        /// This person's study keys are `studyKeys[firstStudy..<firstStudy + studyCount]`.
        var firstStudy: Int
        var card: Int
        var uidEnd: Int
        var studies: Int
        var keys: Int
        var phone: Int
        var email: Int
        var nick: Int
        var birth: Int
        var end: Int
    }

    private(set) var people: [Person] = []
    private(set) var text: [UInt8] = []
    /// Each distinct study key's bytes in `text`, in order of first appearance.
    private(set) var keys: [Range<Int>] = []
    /// Every person's study keys, as positions in `keys`.
    private(set) var studyKeys: [Int32] = []

    init(count: Int, drawing next: () -> WaitingUser) throws(QueueDocumentError) {
        people.reserveCapacity(count)
        text.reserveCapacity(count * 240)
        studyKeys.reserveCapacity(count * 3)
        // The distinct keys, numbered in order of first appearance, and each one as a JSON string.
        var distinctKeys = ByteStringTable()
        var quotedKeys: [[UInt8]] = []
        for _ in 0..<count {
            let waiting = next()
            let user = waiting.user, entry = waiting.entry
            let card = text.count
            let studies = try QueueCard.write(
                uid: user.uid, nick: user.nick, reputation: user.reputation, reviews: user.comments, sesac: user.sesac,
                background: user.background, studies: entry.studies, to: &text)
            let keysStart = text.count
            let firstStudy = studyKeys.count
            text.append(UInt8(ascii: "["))
            for (position, study) in entry.studies.studies.enumerated() {
                let (number, isNew) = distinctKeys.entry(for: study.key)
                if isNew {
                    var json: [UInt8] = []
                    StudyKeys.appendQuoted(study.key, to: &json)
                    quotedKeys.append(json)
                }
                if position > 0 { text.append(UInt8(ascii: ",")) }
                text += quotedKeys[number]
                studyKeys.append(Int32(number))
            }
            text.append(UInt8(ascii: "]"))
            let phone = text.count
            text += user.phone.e164.utf8
            let email = text.count
            text += user.email.value.utf8
            let nick = text.count
            text += user.nick.value.utf8
            let birth = text.count
            text += user.birth.date.description.utf8
            let uidEnd = card + user.uid.rawValue.utf8.count
            var prefix: UInt64 = 0
            for index in 0..<8 { prefix = prefix << 8 | UInt64(card + index < uidEnd ? text[card + index] : 0) }
            let shown = entry.shownCoordinate
            people.append(Person(
                uidPrefix: prefix, cell: SpatialGrid.cell(entry.coordinate),
                latitude: entry.coordinate.latitude, longitude: entry.coordinate.longitude, shown: PackedPoint.packed(shown),
                shownCell: SpatialGrid.cell(shown), shownLatitude: shown.latitude, shownLongitude: shown.longitude,
                traits: try QueueTraits(of: user).packed(),
                enteredAt: entry.enteredAt.unixMilliseconds, createdAt: user.createdAt.unixMilliseconds,
                gender: Int32(user.gender.rawValue), sesac: Int32(user.sesac), background: Int32(user.background),
                ageMin: Int32(user.ageRange.min), ageMax: Int32(user.ageRange.max), searchable: user.searchable,
                studyCount: Int32(entry.studies.studies.count), firstStudy: firstStudy,
                card: card, uidEnd: uidEnd, studies: studies, keys: keysStart,
                phone: phone, email: email, nick: nick, birth: birth, end: text.count))
        }
        // The distinct keys' bytes after the people's.
        for entry in 0..<distinctKeys.count {
            let start = text.count
            text += distinctKeys.key(of: entry)
            keys.append(start..<text.count)
        }
    }
}
