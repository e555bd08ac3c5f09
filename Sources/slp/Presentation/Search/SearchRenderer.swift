import SLPDomain

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
                    for user in users { Self.write(user, type: type, to: &writer) }
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
    private static func write(_ user: NearbyUser, type: Int, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("uid" as StaticString)
        user.uid.withUTF8 { writer.string(utf8: $0) }
        writer.key("nick" as StaticString)
        writer.string(user.nick.value)
        writer.key("lat" as StaticString)
        writer.double(user.coordinate.latitude)
        writer.key("long" as StaticString)
        writer.double(user.coordinate.longitude)
        writer.key("reputation" as StaticString)
        writer.beginArray()
        for title in ReputationTitle.allCases { writer.int(user.reputation[title]) }
        writer.endArray()
        writer.key("studylist" as StaticString)
        writer.beginArray()
        for study in user.studies.studies { writer.string(study.name) }
        writer.endArray()
        writer.key("reviews" as StaticString)
        writer.beginArray()
        for review in user.reviews { writer.string(review) }
        writer.endArray()
        writer.key("gender" as StaticString)
        writer.int(user.gender.rawValue)
        writer.key("type" as StaticString)
        writer.int(type)
        writer.key("sesac" as StaticString)
        writer.int(user.sesac)
        writer.key("background" as StaticString)
        writer.int(user.background)
        writer.key("distance" as StaticString)
        writer.int(Int(user.distance.rounded()))
        writer.key("sharedStudies" as StaticString)
        writer.beginArray()
        for study in user.sharedStudies { writer.string(study.name) }
        writer.endArray()
        writer.endObject()
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
