
/// The six review titles of SLP, in the order the `reputation` array counts them.
public enum ReputationTitle: Int, Sendable, CaseIterable, CustomStringConvertible {
    case goodManners, punctual, quickReply, kind, skilled, helpful

    /// The Korean title shown in the SLP app.
    public var title: String {
        switch self {
        case .goodManners: "좋은 매너"
        case .punctual: "정확한 시간 약속"
        case .quickReply: "빠른 응답"
        case .kind: "친절한 성격"
        case .skilled: "능숙한 실력"
        case .helpful: "유익한 시간"
        }
    }

    /// The stable machine name: stored with events, given in JSON, spelled by the command line's flags.
    public var key: String {
        switch self {
        case .goodManners: "good-manners"
        case .punctual: "punctual"
        case .quickReply: "quick-reply"
        case .kind: "kind"
        case .skilled: "skilled"
        case .helpful: "helpful"
        }
    }

    public var description: String { title }
}
