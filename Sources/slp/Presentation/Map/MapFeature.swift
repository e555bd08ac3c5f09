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

    let search: SearchNearbyUseCase

    func mutate(_ action: Action, sink: MutationSink<Mutation, State>) async {
        switch action {
        case .look(let actingUser, let request):
            sink.catching(Mutation.setFailure) {
                let result = try search(actingUser: actingUser, request)
                sink(.setSurroundings(Surroundings(
                    center: result.center, radius: request.radius, me: result.me.uid, myNick: result.me.nick,
                    myStudies: result.myStudies, result: result)))
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
