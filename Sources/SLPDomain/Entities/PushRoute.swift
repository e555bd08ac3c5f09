/// Where an app goes when its user taps a push: the one routing key a push carries in its
/// `data` (the apps look for the first of these four they find, so a push holds exactly one).
public enum PushRoute: String, Sendable, CaseIterable {
    /// Someone asked me to study (`studyRequest`): the apps open the home map.
    case studyRequest
    /// Someone accepted my request (`studyAccepted`): the apps ask `myQueueState` again.
    case studyAccepted
    /// My partner cancelled our study (`dodge`).
    case dodge
    /// A chat message (`matched` = "1", with `Uid`, `Nick` and `body`): the apps open the chat.
    case matched
}
