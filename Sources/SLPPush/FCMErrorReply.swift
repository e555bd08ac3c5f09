#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// FCM's error body, as documented: `{"error": {"code", "message", "status", "details":
/// [{"@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", "errorCode"}, …]}}`.
/// Only what decides what to do is read; any of it may be missing.
struct FCMErrorReply: Decodable {
    struct Body: Decodable {
        let message: String?
        let status: String?
        let details: [Detail]?
    }

    struct Detail: Decodable {
        let type: String?
        let errorCode: String?
        let fieldViolations: [FieldViolation]?

        enum CodingKeys: String, CodingKey {
            case type = "@type"
            case errorCode, fieldViolations
        }
    }

    struct FieldViolation: Decodable {
        let field: String?
    }

    let error: Body?

    static let fcmErrorType = "type.googleapis.com/google.firebase.fcm.v1.FcmError"

    /// The reply in `body`, or an empty one when it is not such JSON.
    static func read(_ body: [UInt8]) -> FCMErrorReply {
        (try? JSONDecoder().decode(FCMErrorReply.self, from: Data(body))) ?? FCMErrorReply(error: nil)
    }

    /// FCM's own error code (`details[].errorCode` of the FcmError type); nil when it gave none.
    var fcmErrorCode: String? {
        error?.details?.first { $0.type == Self.fcmErrorType && $0.errorCode != nil }?.errorCode
    }

    /// The FCM error code, else the canonical status.
    var code: String? { fcmErrorCode ?? error?.status }

    /// Whether a 400 is about the device token rather than the payload: a bad-request detail
    /// naming `message.token`, or FCM's message about the registration token.
    var namesToken: Bool {
        let field = error?.details?.contains { $0.fieldViolations?.contains { $0.field == "message.token" } ?? false } ?? false
        return field || (error?.message?.lowercased().contains("registration token") ?? false)
    }

    /// One line for a log: FCM's message, cut short and stripped of line breaks.
    var summary: String {
        let message = (error?.message ?? "").prefix(200).map { $0.isNewline ? " " : $0 }
        return (code ?? "no error code") + (message.isEmpty ? "" : ": " + String(message))
    }
}
