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
            return .success(JSONValue.object([
                ("fromQueueDB", .array(result.fromQueueDB.map { json($0, type: 0) })),
                ("fromQueueDBRequested", .array(result.fromQueueDBRequested.map { json($0, type: 1) })),
                ("fromRecommend", .array(result.fromRecommend.map(JSONValue.string))),
            ]).text + "\n")
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
    private func json(_ user: NearbyUser, type: Int) -> JSONValue {
        .object([
            ("uid", .string(user.uid.rawValue)),
            ("nick", .string(user.nick.value)),
            ("lat", .double(user.coordinate.latitude)),
            ("long", .double(user.coordinate.longitude)),
            ("reputation", .array(user.reputation.counts.map(JSONValue.int))),
            ("studylist", .array(user.studies.studies.map { .string($0.name) })),
            ("reviews", .array(user.reviews.map(JSONValue.string))),
            ("gender", .int(user.gender.rawValue)),
            ("type", .int(type)),
            ("sesac", .int(user.sesac)),
            ("background", .int(user.background)),
            ("distance", .int(Int(user.distance.rounded()))),
            ("sharedStudies", .array(user.sharedStudies.map { .string($0.name) })),
        ])
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
