import SLPDomain

/// `slp shop list|buy|wear`: the sesac shop, what I own, what I wear.
struct ShopFeature: Feature {
    enum Action: Sendable {
        case list(actingUser: String?)
        case buy(actingUser: String?, kind: ShopItemKind, index: Int)
        case wear(actingUser: String?, sesac: Int?, background: Int?)
        /// An in-app purchase to verify (the API's `shop/ios`): there is no store to ask, so no
        /// receipt is valid.
        case verifyPurchase(actingUser: String?)
    }

    /// What the last action did, for the one-line notice above the catalogue.
    enum Notice: Equatable, Sendable {
        case bought(ShopItem)
        case wearing(sesac: ShopItem, background: ShopItem)
    }

    enum Mutation: Sendable, Equatable {
        /// My record after the action: what I own and wear (and, for programs, all of me).
        case setRecord(MyRecord)
        case setNotice(Notice)
        case setFailure(Failure)
    }

    struct State: Equatable, Sendable {
        /// My record, for ownership and what I wear; nil until loaded.
        var record: MyRecord?
        var notice: Notice?
        var failure: Failure?
    }

    let identify: IdentifyUserUseCase
    let show: ShowUserUseCase
    let buy: BuyItemUseCase
    let wear: WearItemsUseCase

    func mutate(_ action: Action, sink: MutationSink<Mutation, State>) async {
        sink.catching(Mutation.setFailure) {
            switch action {
            case .list(let actingUser):
                let me = try identify(actingUser)
                sink(.setRecord(try show.record(of: me.uid)))
            case .buy(let actingUser, let kind, let index):
                let me = try identify(actingUser)
                _ = try buy(me: me.uid, kind: kind, index: index)
                sink(.setRecord(try show.record(of: me.uid)))
                sink(.setNotice(.bought(try ShopCatalog.item(kind, index))))
            case .wear(let actingUser, let sesac, let background):
                let me = try identify(actingUser)
                let user = try wear(me: me.uid, sesac: sesac, background: background)
                sink(.setRecord(try show.record(of: me.uid)))
                sink(.setNotice(.wearing(sesac: try ShopCatalog.item(.sesac, user.sesac), background: try ShopCatalog.item(.background, user.background))))
            case .verifyPurchase(let actingUser):
                _ = try identify(actingUser)
                throw Self.receiptNotVerified
            }
        }
    }

    /// SLP's answer to a receipt its store did not accept [201].
    static let receiptNotVerified = Failure(
        code: "receipt_invalid", status: 201, message: "there is no store to verify the receipt with", exitCode: .refused)

    nonisolated static func reduce(_ state: State, _ mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setRecord(let record):
            state.record = record
            state.failure = nil
        case .setNotice(let notice): state.notice = notice
        case .setFailure(let failure): state.failure = failure
        }
        return state
    }
}
