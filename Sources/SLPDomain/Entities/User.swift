#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A registered person, as the service keeps them.
public struct User: Equatable, Sendable {
    public let uid: UserID
    public let phone: PhoneNumber
    public var email: Email
    public var nick: Nick
    public let birth: BirthDate
    public var gender: Gender
    /// The free-text study line of my page.
    public var study: FavoriteStudy
    /// Review comments received, oldest first.
    public var comments: [String]
    public var reputation: Reputation
    /// The sesac face worn, and the faces owned (0 always).
    public var sesac: Int
    public var sesacCollection: [Int]
    /// The background worn, and the backgrounds owned (0 always).
    public var background: Int
    public var backgroundCollection: [Int]
    /// How many different users with an account reported this one (or an earlier account of
    /// the same number: reports stay with the number).
    public var reportedCount: Int
    /// Barred from the queue by reports against an earlier account of the same phone number
    /// that withdrew before reports stayed with the number (`Sanctions.reportBan`).
    public var reportBanCarried: Bool
    /// Until when the user may not queue after dodging, if at all.
    public var dodgePenaltyUntil: Date?
    /// Consecutive dodges since the last match finished with a review.
    public var dodgeCount: Int
    /// Partner ages accepted.
    public var ageRange: AgeRange
    /// Whether others see this user in search.
    public var searchable: Bool
    /// Where the SLP app receives pushes (`FCMtoken`); `.none` from the command line.
    public var pushToken: PushToken
    public let createdAt: Date

    public init(
        uid: UserID, phone: PhoneNumber, email: Email, nick: Nick, birth: BirthDate, gender: Gender,
        study: FavoriteStudy = .none, comments: [String] = [], reputation: Reputation = .none,
        sesac: Int = 0, sesacCollection: [Int] = [0], background: Int = 0, backgroundCollection: [Int] = [0],
        reportedCount: Int = 0, reportBanCarried: Bool = false, dodgePenaltyUntil: Date? = nil, dodgeCount: Int = 0,
        ageRange: AgeRange = .all, searchable: Bool = true, pushToken: PushToken = .none, createdAt: Date
    ) {
        self.uid = uid
        self.phone = phone
        self.email = email
        self.nick = nick
        self.birth = birth
        self.gender = gender
        self.study = study
        self.comments = comments
        self.reputation = reputation
        self.sesac = sesac
        self.sesacCollection = sesacCollection
        self.background = background
        self.backgroundCollection = backgroundCollection
        self.reportedCount = reportedCount
        self.reportBanCarried = reportBanCarried
        self.dodgePenaltyUntil = dodgePenaltyUntil
        self.dodgeCount = dodgeCount
        self.ageRange = ageRange
        self.searchable = searchable
        self.pushToken = pushToken
        self.createdAt = createdAt
    }

    /// What anyone may see of this user: no phone, e-mail or birth date.
    public var publicProfile: PublicProfile {
        PublicProfile(
            uid: uid, nick: nick, gender: gender, study: study, reputation: reputation, comments: comments,
            sesac: sesac, background: background, createdAt: createdAt)
    }

    /// Reports that bar a user from the queue.
    public static let reportLimit = 3

    /// Barred from the queue: reported by `reportLimit` users who still have an account, or
    /// under a ban carried from an earlier account of this number.
    public var isBarredByReports: Bool { reportedCount >= User.reportLimit || reportBanCarried }

    /// This user as they start when their number registers again under `sanctions`.
    public func under(_ sanctions: Sanctions) -> User {
        var user = self
        user.reportBanCarried = sanctions.reportBan
        user.dodgePenaltyUntil = sanctions.dodgePenaltyUntil
        user.dodgeCount = sanctions.dodgeCount
        return user
    }

    /// Seconds of dodge penalty left at `now` (0 when none).
    public func penaltySecondsLeft(at now: Date) -> Int {
        guard let until = dodgePenaltyUntil, until > now else { return 0 }
        return Int(until.timeIntervalSince(now).rounded(.up))
    }
}
