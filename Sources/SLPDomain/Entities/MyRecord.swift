
/// My whole record, as the service shows it to me alone: my user, and whom I have judged.
public struct MyRecord: Equatable, Sendable {
    public let user: User
    /// The users I have reviewed, each once, in the order I first reviewed them; users who
    /// have withdrawn are left out.
    public let reviewed: [UserID]
    /// The users I have reported, in the order I reported them; users who have withdrawn are
    /// left out. Never who reported me.
    public let reported: [UserID]

    public init(user: User, reviewed: [UserID], reported: [UserID]) {
        self.user = user
        self.reviewed = reviewed
        self.reported = reported
    }

    /// A user who has just registered: nobody reviewed or reported yet.
    public init(newUser user: User) {
        self.init(user: user, reviewed: [], reported: [])
    }
}
