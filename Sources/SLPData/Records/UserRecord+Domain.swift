#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

extension UserRecord {
    /// The entity; stored values went through the domain's rules when written, so a failure
    /// here means the file was edited by hand and is reported as corrupt data.
    func toDomain() throws -> User {
        do {
            let birthParts = birth.split(separator: "-").compactMap { Int($0) }
            guard birthParts.count == 3, let gender = Gender(rawValue: gender) else {
                throw StoredDataError(table: "users", id: id, detail: "birth or gender")
            }
            return User(
                uid: try UserID(uid), phone: try PhoneNumber(phone), email: try Email(email), nick: try Nick(nick),
                birth: BirthDate(stored: try CalendarDate(year: birthParts[0], month: birthParts[1], day: birthParts[2])),
                gender: gender, study: try FavoriteStudy(study), comments: comments,
                reputation: try Reputation(counts: reputation),
                sesac: sesac, sesacCollection: [0] + sesacItems, background: background,
                backgroundCollection: [0] + backgroundItems, reportedCount: reportedNum,
                dodgePenaltyUntil: dodgePenaltyUntil.map(Date.init(unixMilliseconds:)), dodgeCount: dodgeNum,
                ageRange: try AgeRange(min: ageMin, max: ageMax), searchable: searchable,
                createdAt: Date(unixMilliseconds: createdAt))
        } catch let error as DomainError {
            throw StoredDataError(table: "users", id: id, detail: error.message)
        }
    }

    /// The record for a new user (id assigned on insert).
    init(_ user: User) {
        self.init(
            id: 0, uid: user.uid.rawValue, phone: user.phone.e164, email: user.email.value, nick: user.nick.value,
            birth: user.birth.description, gender: user.gender.rawValue, study: user.study.value,
            reputation: user.reputation.counts, sesac: user.sesac, background: user.background,
            reportedNum: user.reportedCount, dodgePenaltyUntil: user.dodgePenaltyUntil?.unixMilliseconds,
            dodgeNum: user.dodgeCount, ageMin: user.ageRange.min, ageMax: user.ageRange.max,
            searchable: user.searchable, createdAt: user.createdAt.unixMilliseconds,
            sesacItems: user.sesacCollection.filter { $0 != 0 }, backgroundItems: user.backgroundCollection.filter { $0 != 0 },
            comments: user.comments)
    }
}
