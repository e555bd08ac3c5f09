import SLPCommandLine
import SLPDomain

/// `slp queue --lat LAT --long LONG [--study S]...`, and the `stop` subcommand.
enum QueueCommand: Command {
    static let spec = CommandSpec(
        name: "queue",
        abstract: "Wait in the matching queue at a position, with up to 8 studies.",
        discussion: "Entering again refreshes your place. Studies are 1 to 8 characters; spaces split them; none means 'anything'.",
        options: [
            .value("lat", "latitude", "Latitude in degrees, -90 to 90.", required: true),
            .value("long", "longitude", "Longitude in degrees, -180 to 180.", required: true),
            .repeating("study", "study", "A study you want to do (repeat for more, at most 8)."),
        ],
        subcommands: [QueueStopCommand.spec, QueueStatusCommand.spec],
        examples: ["slp queue --as 010-1234-5678 --lat 37.517819 --long 126.886473 --study swift --study 알고리즘"],
        runsItself: true)

    static func run(_ context: CommandContext) async -> Output {
        let latitude: Double, longitude: Double
        do {
            latitude = try ValueSyntax.decimal(context.required("lat"), option: "--lat")
            longitude = try ValueSyntax.decimal(context.required("long"), option: "--long")
        } catch {
            return context.fail(error)
        }
        let action = QueueFeature.Action.enter(
            actingUser: context.actingUser, latitude: latitude, longitude: longitude, studies: context.invocation.all("study"))
        return await QueueFeatureRunner.run(action, context: context)
    }
}
