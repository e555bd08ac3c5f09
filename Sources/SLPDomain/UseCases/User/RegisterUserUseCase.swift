#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Registers a person: every value checked by its type, the nick against forbidden words,
/// the phone unique (the insert refuses a taken number in the same transaction), under the
/// sanctions a withdrawn account of the same number left and with the reports it made and received;
/// its push token taken from any other account that had it (one phone, one account).
public struct RegisterUserUseCase {
    /// What a person types to register; syntax is already checked, rules are not.
    public struct Request: Equatable, Sendable {
        public var phone: String
        public var nick: String
        public var birth: CalendarDate
        public var email: String
        public var gender: Gender
        /// The uid of a verified identity (the API's token); nil draws a fresh random one.
        public var uid: UserID?
        /// Where the app receives pushes (`FCMtoken`); empty for none.
        public var pushToken: String

        public init(
            phone: String, nick: String, birth: CalendarDate, email: String, gender: Gender, uid: UserID? = nil,
            pushToken: String = ""
        ) {
            self.phone = phone
            self.nick = nick
            self.birth = birth
            self.email = email
            self.gender = gender
            self.uid = uid
            self.pushToken = pushToken
        }
    }

    private let storage: any Storage
    private let clock: any TimeProvider
    private let ids: any UserIDGenerator
    private let forbiddenWords: ForbiddenWords

    public init(
        storage: any Storage, clock: any TimeProvider,
        ids: any UserIDGenerator = RandomUserIDGenerator(), forbiddenWords: ForbiddenWords = .standard
    ) {
        self.storage = storage
        self.clock = clock
        self.ids = ids
        self.forbiddenWords = forbiddenWords
    }

    /// The stored user; invalid values first (`DomainError.invalid`), then refusals. One account
    /// per phone number and per uid: `already_registered` for either.
    public func callAsFunction(_ request: Request) throws -> User {
        let now = clock.now
        let phone = try PhoneNumber(request.phone)
        let nick = try Nick(request.nick)
        let birth = try BirthDate(request.birth, today: CalendarDate(utcDayOf: now))
        let email = try Email(request.email)
        let pushToken = try PushToken(request.pushToken)
        guard !forbiddenWords.matches(nick.value) else { throw DomainError.nickNotAllowed }
        let fresh = User(
            uid: request.uid ?? ids.next(), phone: phone, email: email, nick: nick, birth: birth, gender: request.gender,
            pushToken: pushToken, createdAt: now)
        let stored = try storage.write { transaction -> User? in
            // A given uid (a verified identity registering twice) may already have an account.
            if request.uid != nil, try transaction.user(fresh.uid) != nil { return nil }
            // The number starts under the sanctions its withdrawn account left.
            let sanctions = try transaction.sanctions(of: phone)
            let user = sanctions.map(fresh.under) ?? fresh
            guard try transaction.insert(user) else { return nil }
            if sanctions != nil { try transaction.keepSanctions(nil, of: phone) }
            // One phone, one account: the device now pushes to this one only.
            try transaction.clearPushToken(user.pushToken, exceptFor: user.uid)
            if let until = user.dodgePenaltyUntil, until > now {
                // Told as `penalty_over` by the first look at my events after it.
                try transaction.setPenaltyNoticeDue(until, of: user.uid)
            }
            // Read again when reports were taken up: they count against me from the start.
            guard try transaction.takeUpReports(of: phone, for: user.uid) else { return user }
            return try transaction.user(user.uid) ?? user
        }
        guard let stored else { throw DomainError.alreadyRegistered }
        return stored
    }
}
