import SLPCommandLine

/// `slp shop`: the group of shop commands.
enum ShopCommand {
    static let spec = CommandSpec(
        name: "shop",
        abstract: "Dress your sesac: list, buy and wear faces and backgrounds.")
}
