import SLPDomain

/// `/v1/user/shop…`: what I own and wear.
@MainActor
enum ShopEndpoints {
    /// `GET /v1/user/shop/myinfo`: my user object and the catalogue.
    static func info(_ call: APICall) async -> APIResponse {
        call.perform { .document(ShopRenderer(format: .json, now: call.now).render(try ShowUserUseCase(storage: call.storage).record(of: call.uid))) }
    }

    /// `POST /v1/user/shop/item`: sesac, background: what to wear (201 for an item not owned).
    static func wear(_ call: APICall) async throws -> APIResponse {
        let (sesac, background) = (try call.parameters.integer("sesac"), try call.parameters.integer("background"))
        return call.perform {
            _ = try WearItemsUseCase(storage: call.storage)(me: call.uid, sesac: sesac, background: background)
            return .document(ShopRenderer(format: .json, now: call.now).render(try ShowUserUseCase(storage: call.storage).record(of: call.uid)))
        }
    }

    /// `POST /v1/user/shop/ios`: receipt, product. There is no store to verify a receipt with,
    /// so none is valid (201).
    static func purchase(_ call: APICall) async throws -> APIResponse {
        _ = try call.parameters.required("receipt")
        _ = try call.parameters.required("product")
        return call.perform {
            // Someone who has withdrawn is told so first, as every endpoint does.
            _ = try ShowUserUseCase(storage: call.storage).record(of: call.uid)
            throw receiptNotVerified
        }
    }

    /// SLP's answer to a receipt its store did not accept [201].
    static let receiptNotVerified = Failure(
        code: "receipt_invalid", status: 201, message: "there is no store to verify the receipt with", exitCode: .refused)
}
