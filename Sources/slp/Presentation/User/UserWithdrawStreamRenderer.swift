/// `slp user withdraw` on a terminal: nothing while the question is asked (it goes to stderr,
/// from the command), then the farewell or the failure as `UserRenderer` draws them.
struct UserWithdrawStreamRenderer: StreamRenderer {
    let user: UserRenderer

    func changes(from old: UserFeature.State, to new: UserFeature.State) -> String { "" }

    func end(_ state: UserFeature.State) -> Output {
        guard state.withdrawn != nil || state.failure != nil else { return Output() }
        return user.render(state)
    }
}
