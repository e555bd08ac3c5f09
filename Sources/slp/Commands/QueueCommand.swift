import SLPCommandLine
import SLPDomain

/// `slp queue --lat LAT --long LONG [--study S]...`, and the `stop` subcommand.
enum QueueCommand: Command {
    static let latitude = OptionKey(required: "lat", "latitude", "Latitude in degrees, -90 to 90.", as: .decimal)
    static let longitude = OptionKey(required: "long", "longitude", "Longitude in degrees, -180 to 180.", as: .decimal)
    static let studies = OptionKey(repeating: "study", "study", "A study you want to do (repeat for more, at most 8).", as: .text)

    static let spec = CommandSpec(
        name: "queue",
        abstract: "Wait in the matching queue at a position, with up to 8 studies.",
        discussion: "Entering again refreshes your place. Studies are 1 to 8 characters; spaces split them; none means 'anything'.",
        options: [latitude.spec, longitude.spec, studies.spec],
        subcommands: [QueueStopCommand.spec, QueueStatusCommand.spec],
        examples: ["slp queue --as 010-1234-5678 --lat 37.517819 --long 126.886473 --study swift --study 알고리즘"],
        runsItself: true)

    static func run(_ context: CommandContext) async -> Output {
        let action: QueueFeature.Action
        do {
            action = .enter(
                actingUser: context.actingUser, latitude: try context[Self.latitude], longitude: try context[Self.longitude],
                studies: context[Self.studies])
        } catch {
            return context.fail(error)
        }
        return await QueueFeatureRunner.run(action, context: context)
    }
}
