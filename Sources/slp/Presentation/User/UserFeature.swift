import SLPDomain

/// `slp user show|update|withdraw`: my page, someone's public profile, and leaving the service.
struct UserFeature: Feature {
    enum Action: Sendable {
        /// Show me (`target` nil or my uid) or another user's public profile.
        case show(actingUser: String?, target: UserID?)
        /// Change my page.
        case update(actingUser: String?, MyPageChanges)
        /// Find me, to ask before deleting my account.
        case prepareWithdrawal(actingUser: String?)
        /// Delete my account.
        case withdraw(actingUser: String?)
        /// Where my app receives pushes from now on (`FCMtoken`).
        case updatePushToken(actingUser: String?, token: String)
    }

    enum Mutation: Sendable, Equatable {
        /// The record or profile to show.
        case setView(UserView)
        /// This user is asked to confirm their withdrawal.
        case setConfirming(User)
        /// This user has just withdrawn.
        case setWithdrawn(User)
        /// The service said no, or could not answer.
        case setFailure(Failure)
    }

    struct State: Equatable, Sendable {
        /// What to show; nil until loaded.
        var view: UserView?
        /// The user asked to confirm their withdrawal, before anything is deleted.
        var confirming: User?
        /// The user who withdrew, for the farewell line.
        var withdrawn: User?
        var failure: Failure?
    }

    let identify: IdentifyUserUseCase
    let show: ShowUserUseCase
    let update: UpdateMyPageUseCase
    let withdraw: WithdrawUserUseCase
    let updatePushToken: UpdatePushTokenUseCase

    func mutate(_ action: Action, sink: MutationSink<Mutation, State>) async {
        sink.catching(Mutation.setFailure) {
            switch action {
            case .show(let actingUser, let target):
                let me = try identify(actingUser)
                sink(.setView(try show(me: me, target: target)))
            case .update(let actingUser, let changes):
                let me = try identify(actingUser)
                let updated = try update(me: me.uid, changes)
                sink(.setView(.mine(try show.record(of: updated.uid))))
            case .prepareWithdrawal(let actingUser):
                sink(.setConfirming(try identify(actingUser)))
            case .withdraw(let actingUser):
                let me = try identify(actingUser)
                try withdraw(me: me.uid)
                sink(.setWithdrawn(me))
            case .updatePushToken(let actingUser, let token):
                let me = try identify(actingUser)
                let updated = try updatePushToken(me: me.uid, token: token)
                sink(.setView(.mine(try show.record(of: updated.uid))))
            }
        }
    }

    nonisolated static func reduce(_ state: State, _ mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setView(let view):
            state.view = view
            state.failure = nil
        case .setConfirming(let user):
            state.confirming = user
            state.failure = nil
        case .setWithdrawn(let user):
            state.confirming = nil
            state.withdrawn = user
            state.view = nil
            state.failure = nil
        case .setFailure(let failure):
            state.failure = failure
        }
        return state
    }
}
