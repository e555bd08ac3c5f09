/// The commands the load mode's clients run, in the order the report lists them.
enum LoadCommand: String, CaseIterable, Sendable {
    case queue = "queue"
    case status = "queue status"
    case search = "search"
    case request = "match request"
    case accept = "match accept"
    case chat = "chat send"
    case review = "match review"
    case dodge = "match dodge"
}
