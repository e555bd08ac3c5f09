import SLPDomain

/// Draws the queue screens.
struct QueueRenderer {
    let format: OutputFormat
    let failures: FailureRenderer

    func render(_ state: QueueFeature.State) -> Output {
        if let failure = state.failure { return failures.render(failure, format: format) }
        if let entry = state.entry {
            switch format {
            case .json:
                return .success(JSONValue.object([
                    ("uid", .string(entry.uid.rawValue)), ("status", .string(QueueStatus.waiting.rawValue)),
                    ("lat", .double(entry.coordinate.latitude)), ("long", .double(entry.coordinate.longitude)),
                    ("studylist", .array(entry.studies.studies.map { .string($0.name) })),
                    ("enteredAt", .string(Timestamp.format(entry.enteredAt))),
                ]).text + "\n")
            case .text:
                return .success("Waiting at \(entry.coordinate) for \(entry.studies.studies.map(\.name).joined(separator: ", ")).\n")
            }
        }
        let left = state.left ?? false
        switch format {
        case .json: return .success(JSONValue.object([("left", .bool(left))]).text + "\n")
        case .text: return .success(left ? "Left the queue.\n" : "You were not in the queue.\n")
        }
    }
}
