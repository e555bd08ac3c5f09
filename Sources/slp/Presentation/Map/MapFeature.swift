import SLPDomain

/// `slp map` and `slp search --geojson`: the search around me, with its centre, for pictures.
struct MapFeature: Feature {
    enum Action: Sendable {
        case look(actingUser: String?, SearchRequest)
    }

    enum Mutation: Sendable, Equatable {
        case setSurroundings(Surroundings)
        case setFailure(Failure)
    }

    struct State: Equatable, Sendable {
        var surroundings: Surroundings?
        var failure: Failure?
    }

    let identify: IdentifyUserUseCase
    let search: SearchNearbyUseCase
    let queueEntry: QueueEntryUseCase

    func mutate(_ action: Action, sink: MutationSink<Mutation, State>) async {
        switch action {
        case .look(let actingUser, let request):
            sink.catching(Mutation.setFailure) {
                let me = try identify(actingUser)
                let entry = try queueEntry(me: me.uid)
                let result = try search(me: me, request)
                // Search looks around my place in the queue unless given a point, and refuses
                // without either: the centre is one of the two.
                guard let center = request.center ?? entry?.coordinate else { throw DomainError.notSearching }
                sink(.setSurroundings(Surroundings(
                    center: center, radius: request.radius, me: me.uid, myNick: me.nick, myStudies: entry?.studies, result: result)))
            }
        }
    }

    nonisolated static func reduce(_ state: State, _ mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setSurroundings(let surroundings):
            state.surroundings = surroundings
            state.failure = nil
        case .setFailure(let failure):
            state.failure = failure
            state.surroundings = nil
        }
        return state
    }
}
