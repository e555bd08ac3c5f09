#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which events push what to a closed app, in the words and keys the SLP apps read (SPEC §6):
/// a request, an accept, a cancelled study and a chat message do; a review and a penalty's end
/// do not. Pushes follow the stored events through an outbox, one user's in commit order.
public enum PushRules {
    /// The apps' name, the title of every alert but a chat's.
    public static let appTitle = "새싹 스터디"

    /// How long a push matters: an event older than this is not pushed, a push still failing
    /// this long after its event is given up, and storage forgets queued pushes older than this
    /// as it queues new ones (so without a sender the outbox does not grow).
    public static let freshFor: TimeInterval = 3_600

    /// The most bytes a notice's strings may take, title, body and every `data` key and value,
    /// each counted as JSON writes it (`jsonBytes`). FCM refuses a message whose payload is over
    /// 4,096 bytes, and APNs counts its whole JSON (the `aps` dictionary, the `data` keys at its
    /// top level, and the few keys FCM adds); 3,072 leaves a kilobyte for that and for the
    /// request's own JSON around the strings, so a push never fails for its size.
    public static let payloadBudget = 3_072

    /// What `event` pushes to its recipient, or nil for an event that pushes nothing.
    public static func notice(for event: UserEvent) -> PushNotice? {
        switch event.kind {
        case .request(let from, _):
            alert(.studyRequest, "\(from.nick.value)님이 함께 공부하고 싶어해요")
        case .matched:
            alert(.studyAccepted, "앗! 누군가가 나의 스터디를 수락하였어요!")
        case .dodged:
            alert(.dodge, "상대방이 스터디를 취소했어요")
        case .message(let message, let from):
            chat(message.text, from: from)
        case .reviewed, .penaltyOver:
            nil
        }
    }

    /// A push under the apps' title whose one routing key carries its own name.
    private static func alert(_ route: PushRoute, _ body: String) -> PushNotice {
        PushNotice(route: route, title: appTitle, body: body, data: [(route.rawValue, route.rawValue)])
    }

    /// A chat message: the sender's nick over the text, which the `data` carries again for the
    /// apps that open the chat; the text cut so that the whole stays within `payloadBudget`.
    private static func chat(_ text: String, from sender: MatchView.Partner) -> PushNotice {
        let fixed: [(key: String, value: String)] = [
            (PushRoute.matched.rawValue, "1"), ("Uid", sender.uid.rawValue), ("Nick", sender.nick.value),
        ]
        let title = sender.nick.value
        let used = jsonBytes(title) + fixed.reduce(jsonBytes("body")) { $0 + jsonBytes($1.key) + jsonBytes($1.value) }
        // The text goes twice: the alert's body and `data`'s `body`.
        let body = cut(text, toJSONBytes: (payloadBudget - used) / 2)
        return PushNotice(route: .matched, title: title, body: body, data: fixed + [("body", body)])
    }

    /// `text`, or as many of its first characters as take at most `budget` JSON bytes with `…`
    /// after them: never a character split, so no broken letter or half an emoji.
    static func cut(_ text: String, toJSONBytes budget: Int) -> String {
        guard jsonBytes(text) > budget else { return text }
        let ellipsis = "…"
        var room = budget - jsonBytes(ellipsis)
        var kept = text.startIndex
        for character in text {
            let size = jsonBytes(String(character))
            guard size <= room else { break }
            room -= size
            kept = text.index(after: kept)
        }
        return String(text[..<kept]) + ellipsis
    }

    /// How many bytes `text` takes in JSON between its quotes: its UTF-8, a quote or backslash
    /// two, a control character or U+2028/U+2029 six (`\u00XX`, as slp's JSON writer escapes them
    /// for JavaScript readers; `\n` takes two, so this never counts short).
    public static func jsonBytes(_ text: String) -> Int {
        var count = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0..<0x20, 0x2028, 0x2029: count += 6
            case 0x22, 0x5C: count += 2
            default: count += UTF8.width(scalar)
            }
        }
        return count
    }
}
