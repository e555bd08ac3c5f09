
/// Who may post: only the members of a match that is still on.
public enum ChatRules {
    public static func send(_ me: PartySnapshot) throws {
        guard let match = me.latest else { throw DomainError.notMatched }
        guard match.isCurrent, match.isActive else { throw DomainError.studyEnded }
    }
}
