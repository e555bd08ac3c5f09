import Foundation
import SLPData
import SLPDomain
import SLPIdentity

/// The people of the socket benchmark, made in-process through the use cases (the figures are
/// about the hub, not set-up): K registered, waiting at one place, matched in pairs (0 with 1,
/// 2 with 3, …), each with an slp token signed with the service's own key as `slp token` signs it.
enum SocketPeople {
    struct WallClock: TimeProvider {
        var now: Date { Date() }
    }

    static func make(_ count: Int, storage: any Storage, secrets: any SecretStore) throws -> [SocketClients.Person] {
        let clock = WallClock()
        let register = RegisterUserUseCase(storage: storage, clock: clock)
        let enter = EnterQueueUseCase(storage: storage, clock: clock)
        let request = RequestStudyUseCase(storage: storage, clock: clock)
        let accept = AcceptStudyUseCase(storage: storage, clock: clock)
        let key = try secrets.secret(named: SLPToken.keyName) { try SecureRandom.bytes(SLPToken.keyLength) }
        let issuer = SLPTokenIssuer(key: key)
        var people: [SocketClients.Person] = []
        for index in 0..<count {
            let user = try register(RegisterUserUseCase.Request(
                phone: String(format: "010-%04d-%04d", 7_000 + index / 10_000, index % 10_000), nick: "s\(index)",
                birth: try CalendarDate(year: 1995, month: 1, day: 1), email: "s\(index)@example.com", gender: index % 2 == 0 ? .female : .male))
            _ = try enter(me: user.uid, latitude: 37.5665, longitude: 126.978, studies: [])
            let token = try issuer.token(subject: user.uid.rawValue, phoneNumber: nil, issuedAt: Date(), lifetime: .seconds(86_400))
            people.append(SocketClients.Person(uid: user.uid.rawValue, token: token))
            if index % 2 == 1 {
                let (first, second) = (try UserID(people[index - 1].uid), user.uid)
                _ = try request(me: first, other: second)
                _ = try accept(me: second, other: first)
            }
        }
        return people
    }
}
