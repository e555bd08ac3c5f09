import SLPDomain

/// `/v1/user…`: my record, registering, my page, leaving, where my app gets pushes.
@MainActor
enum UserEndpoints {
    /// `GET /v1/user`: the app's login; 406 sends it to sign-up.
    static func show(_ call: APICall) async -> APIResponse {
        call.perform { .document(UserRenderer(format: .json, now: call.now).render(try ShowUserUseCase(storage: call.storage)(me: call.uid, target: nil))) }
    }

    /// `POST /v1/user`: registers the token's uid with the token's phone number. Only a token
    /// bound to a number (Firebase's phone sign-in, `slp token --phone`) registers, and only that
    /// number: nobody registers a number they do not hold, and the answer tells a caller only
    /// about their own.
    static func register(_ call: APICall) async throws -> APIResponse {
        let parameters = call.parameters
        let phone = try parameters.required("phoneNumber")
        guard let bound = call.identity.phoneNumber, let owned = try? PhoneNumber(bound) else {
            throw APIFailure.unauthorized("only an idtoken bound to a phone number (phone sign-in) registers")
        }
        guard (try? PhoneNumber(phone)).map({ $0 == owned }) ?? true else {
            throw APIFailure.unauthorized("the idtoken is for another phone number")
        }
        guard let gender = try parameters.gender("gender") else { throw APIFailure.missing("gender") }
        let request = RegisterUserUseCase.Request(
            phone: phone, nick: try parameters.required("nick"), birth: try BirthParameter.day(try parameters.required("birth")),
            email: try parameters.required("email"), gender: gender, uid: call.uid, pushToken: try parameters.value("FCMtoken") ?? "")
        let register = RegisterUserUseCase(storage: call.storage, clock: call.clock)
        return call.perform { .document(RegisterRenderer(format: .json, now: call.now).render(try register(request))) }
    }

    /// `PUT /v1/user/mypage`: searchable, ageMin, ageMax, gender, study (the apps send all five).
    static func updateMyPage(_ call: APICall) async throws -> APIResponse {
        let parameters = call.parameters
        let changes = MyPageChanges(
            searchable: try parameters.flag("searchable"), ageMin: try parameters.integer("ageMin"),
            ageMax: try parameters.integer("ageMax"), gender: try parameters.gender("gender"), study: try parameters.value("study"))
        return call.perform {
            _ = try UpdateMyPageUseCase(storage: call.storage)(me: call.uid, changes)
            return .document(UserRenderer(format: .json, now: call.now).render(.mine(try ShowUserUseCase(storage: call.storage).record(of: call.uid))))
        }
    }

    /// `POST /v1/user/withdraw`.
    static func withdraw(_ call: APICall) async -> APIResponse {
        call.perform { .document(UserRenderer(format: .json, now: call.now).withdrawn(try WithdrawUserUseCase(storage: call.storage, clock: call.clock)(me: call.uid))) }
    }

    /// `PUT /v1/user/update_fcm_token`: stored, and given back in my user object.
    static func updatePushToken(_ call: APICall) async throws -> APIResponse {
        let token = try call.parameters.required("FCMtoken")
        return call.perform {
            _ = try UpdatePushTokenUseCase(storage: call.storage)(me: call.uid, token: token)
            return .document(UserRenderer(format: .json, now: call.now).render(.mine(try ShowUserUseCase(storage: call.storage).record(of: call.uid))))
        }
    }
}
