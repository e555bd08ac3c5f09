#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// Draws the user screens: records as aligned key-value rows, or the SLP JSON objects.
struct UserRenderer {
    let format: OutputFormat
    /// The service's now, for the penalty seconds left.
    let now: Date

    /// My record, or someone's public profile.
    func render(_ view: UserView) -> Output {
        switch (view, format) {
        case (.mine(let record), .json): .success(UserJSON.user(record, now: now).text + "\n")
        case (.other(let profile), .json): .success(UserJSON.profile(profile).text + "\n")
        case (.mine(let record), .text(let style)): .success(table(record.user).render(style: style))
        case (.other(let profile), .text(let style)): .success(table(profile).render(style: style))
        }
    }

    /// The farewell of `user`, who has just withdrawn.
    func withdrawn(_ user: User) -> Output {
        switch format {
        case .json: .success(JSONValue.object([("uid", .string(user.uid.rawValue)), ("withdrawn", .bool(true))]).text + "\n")
        case .text: .success("Withdrawn: \(user.nick) (\(user.uid)). Your account and personal data are gone.\n")
        }
    }

    private func table(_ user: User) -> KeyValueTable {
        var table = KeyValueTable()
        table.add("uid", user.uid.rawValue)
        table.add("nick", user.nick.value)
        table.add("phone", user.phone.national)
        table.add("email", user.email.value)
        table.add("birth", user.birth.description)
        table.add("gender", user.gender.description)
        table.add("study", user.study.value)
        table.add("reputation", reputation(user.reputation))
        table.add("comments", user.comments.isEmpty ? "none" : user.comments.joined(separator: " / "))
        table.add("sesac", item(.sesac, user.sesac, owned: user.sesacCollection))
        table.add("background", item(.background, user.background, owned: user.backgroundCollection))
        table.add("partner ages", user.ageRange.description)
        table.add("searchable", user.searchable ? "on" : "off")
        let penalty = user.penaltySecondsLeft(at: now)
        table.add("dodges", penalty > 0 ? "\(user.dodgeCount) (penalty: \(penalty) s left)" : String(user.dodgeCount))
        table.add("reported", String(user.reportedCount))
        table.add("joined", Timestamp.format(user.createdAt))
        return table
    }

    private func table(_ profile: PublicProfile) -> KeyValueTable {
        var table = KeyValueTable()
        table.add("uid", profile.uid.rawValue)
        table.add("nick", profile.nick.value)
        table.add("gender", profile.gender.description)
        table.add("study", profile.study.value)
        table.add("reputation", reputation(profile.reputation))
        table.add("comments", profile.comments.isEmpty ? "none" : profile.comments.joined(separator: " / "))
        table.add("sesac", (try? ShopCatalog.item(.sesac, profile.sesac).name) ?? String(profile.sesac))
        table.add("background", (try? ShopCatalog.item(.background, profile.background).name) ?? String(profile.background))
        table.add("joined", Timestamp.format(profile.createdAt))
        return table
    }

    private func reputation(_ reputation: Reputation) -> String {
        ReputationTitle.allCases.map { "\($0.title) \(reputation[$0])" }.joined(separator: " · ")
    }

    private func item(_ kind: ShopItemKind, _ worn: Int, owned: [Int]) -> String {
        let name = (try? ShopCatalog.item(kind, worn).name) ?? String(worn)
        return "\(worn) \(name) (owned: \(owned.map(String.init).joined(separator: ", ")))"
    }
}
