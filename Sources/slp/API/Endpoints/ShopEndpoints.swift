/// `/v1/user/shop…`: what I own and wear.
@MainActor
enum ShopEndpoints {
    /// `GET /v1/user/shop/myinfo`: my user object and the catalogue.
    static func info(_ call: APICall) async -> APIResponse {
        render(call, await call.run(.list(actingUser: call.actingUser), feature: \.shopFeature, initialState: .init()))
    }

    /// `POST /v1/user/shop/item`: sesac, background: what to wear (201 for an item not owned).
    static func wear(_ call: APICall) async throws -> APIResponse {
        let action = ShopFeature.Action.wear(
            actingUser: call.actingUser, sesac: try call.parameters.integer("sesac"), background: try call.parameters.integer("background"))
        return render(call, await call.run(action, feature: \.shopFeature, initialState: .init()))
    }

    /// `POST /v1/user/shop/ios`: receipt, product. There is no store to verify a receipt with,
    /// so none is valid (201).
    static func purchase(_ call: APICall) async throws -> APIResponse {
        _ = try call.parameters.required("receipt")
        _ = try call.parameters.required("product")
        return render(call, await call.run(.verifyPurchase(actingUser: call.actingUser), feature: \.shopFeature, initialState: .init()))
    }

    private static func render(_ call: APICall, _ state: ShopFeature.State) -> APIResponse {
        call.answer(state.failure) { ShopRenderer(format: .json, failures: call.failures, now: call.now).render(state) }
    }
}
