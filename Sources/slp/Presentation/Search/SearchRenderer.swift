import SLPDomain
import SLPSupport
import SLPTerminal

/// Draws search results: a table nearest first for people, the SLP search object for programs.
struct SearchRenderer {
    let format: OutputFormat
    /// The terminal's columns: the tables fit them, long study lists cut with `…` and the uid
    /// kept whole. Nil off a terminal: nothing is cut.
    var width: Int?

    func render(_ result: SearchResult) -> Output {
        switch format {
        case .json:
            // Written straight to bytes, and only when printed: a city-scale result has thousands
            // of cards, streamed to stdout a chunk at a time.
            return .success(json: JSONLine { writer in
                writer.beginObject()
                for (key, users, type) in [("fromQueueDB" as StaticString, result.fromQueueDB, 0), ("fromQueueDBRequested", result.fromQueueDBRequested, 1)] {
                    writer.key(key)
                    writer.beginArray()
                    for index in users.indices { Self.write(users, index, type: type, to: &writer) }
                    writer.endArray()
                }
                writer.key("fromRecommend" as StaticString)
                writer.beginArray()
                for study in result.fromRecommend { writer.string(study) }
                writer.endArray()
                writer.endObject()
            })
        case .text(let style):
            var text = result.fromQueueDB.isEmpty ? "Nobody is waiting nearby.\n" : table(result.fromQueueDB).render(style: style, width: width)
            if !result.fromQueueDBRequested.isEmpty {
                text += "\n" + style.bold("Asked you to study together:") + "\n" + table(result.fromQueueDBRequested).render(style: style, width: width)
            }
            if !result.fromRecommend.isEmpty {
                text += "\n" + fitted("Popular nearby: " + result.fromRecommend.joined(separator: ", ")) + "\n"
            }
            return .success(text)
        }
    }

    /// A nearby user with the SLP keys; `type` is 0 in `fromQueueDB`, 1 in `fromQueueDBRequested`.
    /// A fixed layout: keys and punctuation go out as whole fragments, thousands of times a search.
    /// Each field is read where the card lies in the array: a card passed on whole (even to a
    /// borrowing parameter) is copied first, retaining its arrays and strings.
    private static func write(_ cards: [NearbyUser], _ index: Int, type: Int, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.fragment("\"uid\":")
        cards[index].uid.text.withUTF8 { writer.bareString(utf8: $0) }
        writer.fragment(",\"nick\":")
        writer.bareString(cards[index].nick.value)
        writer.fragment(",\"lat\":")
        writer.bareDouble(cards[index].coordinate.latitude)
        writer.fragment(",\"long\":")
        writer.bareDouble(cards[index].coordinate.longitude)
        // The six counts in `ReputationTitle` order, named: `allCases` makes a new array per call.
        writer.fragment(",\"reputation\":[")
        writer.bareInt(cards[index].reputation[.goodManners])
        writer.fragment(",")
        writer.bareInt(cards[index].reputation[.punctual])
        writer.fragment(",")
        writer.bareInt(cards[index].reputation[.quickReply])
        writer.fragment(",")
        writer.bareInt(cards[index].reputation[.kind])
        writer.fragment(",")
        writer.bareInt(cards[index].reputation[.skilled])
        writer.fragment(",")
        writer.bareInt(cards[index].reputation[.helpful])
        writer.fragment("],\"studylist\":[")
        bareNames(cards[index].studies.studies, to: &writer)
        writer.fragment("],\"reviews\":[")
        bareStrings(cards[index].reviews, to: &writer)
        writer.fragment("],\"gender\":")
        writer.bareInt(cards[index].gender.rawValue)
        writer.fragment(",\"type\":")
        writer.bareInt(type)
        writer.fragment(",\"sesac\":")
        writer.bareInt(cards[index].sesac)
        writer.fragment(",\"background\":")
        writer.bareInt(cards[index].background)
        writer.fragment(",\"distance\":")
        writer.bareInt(Int(cards[index].distance.rounded()))
        writer.fragment(",\"sharedStudies\":[")
        bareNames(cards[index].sharedStudies, to: &writer)
        writer.fragment("]")
        writer.endObject()
    }

    /// The studies' names separated by commas, inside brackets the caller writes; read in place.
    private static func bareNames(_ studies: [Study], to writer: inout JSONWriter) {
        for index in studies.indices {
            if index > 0 { writer.fragment(",") }
            writer.bareString(studies[index].name)
        }
    }

    /// Strings separated by commas, inside brackets the caller writes.
    private static func bareStrings(_ strings: some Sequence<String>, to writer: inout JSONWriter) {
        var first = true
        for string in strings {
            if !first { writer.fragment(",") }
            first = false
            writer.bareString(string)
        }
    }

    /// `line` as it is, or cut with `…` to the terminal's width.
    private func fitted(_ line: String) -> String {
        guard let width, TextTable.width(of: line) > width else { return line }
        return TerminalText.prefix(line, width: width - 1).text + "…"
    }

    private func table(_ users: [NearbyUser]) -> TextTable {
        var table = TextTable([("DISTANCE", .right), ("NICK", .left), ("GENDER", .left), ("STUDIES", .left), ("SHARED", .left), ("UID", .left)], cuttable: [3, 4, 1])
        for user in users {
            table.add([
                "\(Int(user.distance.rounded())) m", user.nick.value, user.gender.description,
                user.studies.studies.map(\.name).joined(separator: " "),
                user.sharedStudies.map(\.name).joined(separator: " "), user.uid.rawValue,
            ])
        }
        return table
    }
}
