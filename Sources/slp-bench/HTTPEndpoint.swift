/// The requests the benchmark's simulated apps send, as the report lists them.
enum HTTPEndpoint: String, CaseIterable, Sendable {
    case state = "GET myQueueState"
    case search = "POST search"
    case queue = "POST queue"
    case request = "POST studyrequest"
    case accept = "POST studyaccept"
    case chatSend = "POST chat"
    case chatRead = "GET chat"
    case rate = "POST rate"
    case dodge = "POST dodge"

    /// Whether the request writes (its time counts towards the write p99 goal).
    var isWrite: Bool {
        switch self {
        case .state, .search, .chatRead: false
        case .queue, .request, .accept, .chatSend, .rate, .dodge: true
        }
    }

    /// The per-user write bucket the request takes from; nil for a read (the search counts as one).
    var writeKind: WritePace.Kind? {
        switch self {
        case .state, .search, .chatRead: nil
        case .chatSend: .chat
        case .queue, .request, .accept, .rate, .dodge: .other
        }
    }
}
