import SLPDomain
import SLPSupport

/// Draws search results: a table nearest first for people, the SLP search object for programs.
struct SearchRenderer {
    let format: OutputFormat
    let failures: FailureRenderer

    func render(_ state: SearchFeature.State) -> Output {
        if let failure = state.failure { return failures.render(failure, format: format) }
        guard let result = state.result else {
            return failures.render(Failure(code: "internal_error", status: nil, message: "no result", exitCode: .software), format: format)
        }
        switch format {
        case .json:
            // Written straight to bytes, and only when printed: a city-scale result has thousands
            // of cards, streamed to stdout a chunk at a time.
            return .success(json: JSONLine { writer in
                writer.beginObject()
                for (key, users, type) in [("fromQueueDB" as StaticString, result.fromQueueDB, 0), ("fromQueueDBRequested", result.fromQueueDBRequested, 1)] {
                    writer.key(key)
                    writer.beginArray()
                    // Each card borrowed where it lies in the array: copying one out (as passing
                    // `users[index]` does, even to a borrowing parameter) retains its arrays and strings.
                    let cards = users.span
                    for index in cards.indices { Self.write(cards[index], type: type, to: &writer) }
                    writer.endArray()
                }
                writer.key("fromRecommend" as StaticString)
                writer.beginArray()
                for study in result.fromRecommend { writer.string(study) }
                writer.endArray()
                writer.endObject()
            })
        case .text(let style):
            var text = result.fromQueueDB.isEmpty ? "Nobody is waiting nearby.\n" : table(result.fromQueueDB).render(style: style)
            if !result.fromQueueDBRequested.isEmpty {
                text += "\n" + style.bold("Asked you to study together:") + "\n" + table(result.fromQueueDBRequested).render(style: style)
            }
            if !result.fromRecommend.isEmpty {
                text += "\nPopular nearby: " + result.fromRecommend.joined(separator: ", ") + "\n"
            }
            return .success(text)
        }
    }

    /// A nearby user with the SLP keys; `type` is 0 in `fromQueueDB`, 1 in `fromQueueDBRequested`.
    /// A fixed layout: keys and punctuation go out as whole fragments, thousands of times a search.
    private static func write(_ card: borrowing NearbyUser, type: Int, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.fragment("\"uid\":")
        card.uid.text.withUTF8 { writer.bareString(utf8: $0) }
        writer.fragment(",\"nick\":")
        writer.bareString(card.nick.value)
        writer.fragment(",\"lat\":")
        writer.bareDouble(card.coordinate.latitude)
        writer.fragment(",\"long\":")
        writer.bareDouble(card.coordinate.longitude)
        // The six counts in `ReputationTitle` order, named: `allCases` makes a new array per call.
        writer.fragment(",\"reputation\":[")
        writer.bareInt(card.reputation[.goodManners])
        writer.fragment(",")
        writer.bareInt(card.reputation[.punctual])
        writer.fragment(",")
        writer.bareInt(card.reputation[.quickReply])
        writer.fragment(",")
        writer.bareInt(card.reputation[.kind])
        writer.fragment(",")
        writer.bareInt(card.reputation[.skilled])
        writer.fragment(",")
        writer.bareInt(card.reputation[.helpful])
        writer.fragment("],\"studylist\":[")
        bareNames(card.studies.studies, to: &writer)
        writer.fragment("],\"reviews\":[")
        bareStrings(card.reviews, to: &writer)
        writer.fragment("],\"gender\":")
        writer.bareInt(card.gender.rawValue)
        writer.fragment(",\"type\":")
        writer.bareInt(type)
        writer.fragment(",\"sesac\":")
        writer.bareInt(card.sesac)
        writer.fragment(",\"background\":")
        writer.bareInt(card.background)
        writer.fragment(",\"distance\":")
        writer.bareInt(Int(card.distance.rounded()))
        writer.fragment(",\"sharedStudies\":[")
        bareNames(card.sharedStudies, to: &writer)
        writer.fragment("]")
        writer.endObject()
    }

    /// The studies' names separated by commas, inside brackets the caller writes; read in place.
    private static func bareNames(_ studies: [Study], to writer: inout JSONWriter) {
        let studies = studies.span
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

    private func table(_ users: [NearbyUser]) -> TextTable {
        var table = TextTable([("DISTANCE", .right), ("NICK", .left), ("GENDER", .left), ("STUDIES", .left), ("SHARED", .left), ("UID", .left)])
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
