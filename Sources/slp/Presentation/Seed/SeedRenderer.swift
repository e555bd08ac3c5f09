/// Draws the seed summary.
struct SeedRenderer {
    let format: OutputFormat
    let failures: FailureRenderer

    func render(_ state: SeedFeature.State) -> Output {
        if let failure = state.failure { return failures.render(failure, format: format) }
        guard let options = state.done else {
            return failures.render(Failure(code: "internal_error", status: nil, message: "seed did not finish", exitCode: .software), format: format)
        }
        switch format {
        case .json:
            return .success(JSONValue.object([
                ("added", .int(state.added)), ("seed", .int(Int(truncatingIfNeeded: options.seed))),
                ("center", .array([.double(options.center.latitude), .double(options.center.longitude)])),
                ("spreadKm", .double(options.spreadKilometres)), ("hotspots", .bool(options.hotspots)),
            ]).text + "\n")
        case .text:
            let layout = options.hotspots ? ", mostly in hotspots" : ""
            return .success("Added \(state.added) waiting users (seed \(options.seed)) within \(options.spreadKilometres) km of \(options.center)\(layout).\n")
        }
    }
}
