import SLPDomain

/// `slp token`: a token for the API, naming an account or a person about to register.
struct TokenFeature: Feature {
    enum Action: Sendable {
        /// For the account `actingUser` names.
        case issue(actingUser: String?, lifetime: Duration)
        /// For a person not yet registered: a fresh uid bound to this phone number.
        case issueForPhone(String, lifetime: Duration)
    }

    enum Mutation: Sendable, Equatable {
        case setToken(IssuedToken)
        case setFailure(Failure)
    }

    struct State: Equatable, Sendable {
        var token: IssuedToken?
        var failure: Failure?
    }

    let identify: IdentifyUserUseCase
    let tokens: TokenService
    var ids: any UserIDGenerator = RandomUserIDGenerator()

    func mutate(_ action: Action, sink: MutationSink<Mutation, State>) async {
        sink.catching(Mutation.setFailure) {
            switch action {
            case .issue(let actingUser, let lifetime):
                let me = try identify(actingUser)
                sink(.setToken(try tokens.issue(uid: me.uid, phone: nil, lifetime: lifetime)))
            case .issueForPhone(let raw, let lifetime):
                let phone = try PhoneNumber(raw)
                // Someone with an account signs in as that account (`--as`), never as a new uid.
                do {
                    _ = try identify(phone.e164)
                    throw DomainError.alreadyRegistered
                } catch DomainError.notRegistered {}
                sink(.setToken(try tokens.issue(uid: ids.next(), phone: phone, lifetime: lifetime)))
            }
        }
    }

    nonisolated static func reduce(_ state: State, _ mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setToken(let token):
            state.token = token
            state.failure = nil
        case .setFailure(let failure):
            state.failure = failure
            state.token = nil
        }
        return state
    }
}
