import SLPDomain

/// Draws what a match command did: one sentence for people, one object for programs (the API's
/// answers too).
struct MatchRenderer {
    let format: OutputFormat

    func render(_ outcome: MatchResult) -> Output {
        switch format {
        case .json: return .success(json(outcome).text + "\n")
        case .text: return .success(text(outcome) + "\n")
        }
    }

    private func name(_ partner: MatchView.Partner?) -> String {
        partner.map { "\($0.nick) (\($0.uid))" } ?? "a withdrawn user"
    }

    private func text(_ outcome: MatchResult) -> String {
        switch outcome {
        case .requested(let result) where result.isMatched:
            "Matched with \(name(result.partner)): they had asked you too."
        case .requested(let result) where result.wasAlreadyRequested:
            "Already sent: your study request to \(name(result.partner)) is still open (not sent again). You are matched when they accept."
        case .requested(let result):
            "Sent a study request to \(name(result.partner)). You are matched when they accept."
        case .accepted(let result) where result.wasAlreadyMatched:
            "Already matched with \(name(result.partner)): nothing changed."
        case .accepted(let result):
            "Matched with \(name(result.partner))."
        case .dodged(let partner, let seconds):
            "Cancelled the study with \(name(partner))."
                + (seconds > 0 ? " Penalty: you can queue again in \(seconds) s." : " No penalty: your partner had already left.")
        case .reviewed(let partner, let titles):
            "Reviewed \(name(partner)): \(titles.map(\.title).joined(separator: ", "))."
        case .reported(let partner):
            "Reported \(name(partner)). You will not see each other again."
        }
    }

    private func json(_ outcome: MatchResult) -> JSONValue {
        func partner(_ partner: MatchView.Partner?) -> [(String, JSONValue)] {
            [("uid", partner.map { .string($0.uid.rawValue) } ?? .null), ("nick", partner.map { .string($0.nick.value) } ?? .null)]
        }
        switch outcome {
        case .requested(let result):
            return .object(partner(result.partner) + [
                ("matched", .int(result.isMatched ? 1 : 0)), ("alreadyRequested", .int(result.wasAlreadyRequested ? 1 : 0)),
            ])
        case .accepted(let result):
            return .object(partner(result.partner) + [("matched", .int(1))])
        case .dodged(let other, let seconds):
            return .object(partner(other) + [("dodged", .int(1)), ("dodgepenalty", .int(seconds))])
        case .reviewed(let other, let titles):
            let counts = ReputationTitle.allCases.map { JSONValue.int(titles.contains($0) ? 1 : 0) }
            return .object(partner(other) + [("reputation", .array(counts))])
        case .reported(let other):
            return .object(partner(other) + [("reported", .int(1))])
        }
    }
}
