import SLPCommandLine
import SLPDomain

/// Any error, as the user sees it: a code, the SLP status, one line of text and an exit code.
struct Failure: Error, Equatable, Sendable {
    let code: String
    let status: Int?
    let message: String
    let exitCode: ExitCode
    /// For command-line syntax errors: the command whose usage line follows the error.
    var usage: UsageError? = nil

    init(code: String, status: Int?, message: String, exitCode: ExitCode, usage: UsageError? = nil) {
        self.code = code
        self.status = status
        self.message = message
        self.exitCode = exitCode
        self.usage = usage
    }

    /// `error` as the user sees it; a refusal's SLP status as `SLPStatus` numbers it during
    /// `operation`.
    init(_ error: any Error, during operation: SLPStatus.Operation = .other) {
        switch error {
        case let failure as Failure:
            self = failure
        case let domain as DomainError:
            self.init(
                code: domain.code, status: SLPStatus.of(domain, during: operation), message: domain.message,
                exitCode: domain.isInvalidValue ? .usage : .refused)
        case let usage as UsageError:
            self.init(code: usage.code, status: nil, message: usage.message, exitCode: .usage,
                      usage: usage.commandPath == nil ? nil : usage)
        case let storage as any StorageFailure:
            let (code, exit): (String, ExitCode) = switch storage.storageFailureKind {
            case .busy: ("database_busy", .busy)
            case .io: ("storage_error", .ioError)
            case .missing: ("no_database", .ioError)
            case .incompatible: ("not_slp_database", .dataError)
            case .internal: ("internal_error", .software)
            }
            self.init(code: code, status: nil, message: storage.storageFailureMessage, exitCode: exit)
        default:
            self.init(code: "internal_error", status: nil, message: "internal error: \(error)", exitCode: .software)
        }
    }

    /// This failure as the command line words it: `not_registered` (the domain says only "not
    /// registered") tells how to name a user when none was given, else whom nobody is registered
    /// as; any other failure is returned as it is.
    func namingActingUser(_ actingUser: String?) -> Failure {
        guard code == DomainError.notRegistered.code else { return self }
        // An empty `--as ''` names nobody, as an unset SLP_USER does.
        let message = if let actingUser, !actingUser.allSatisfy(\.isWhitespace) {
            "no registered user '\(ValueSyntax.printable(actingUser))'"
        } else {
            "not registered: pass --as UID|PHONE or set SLP_USER to a registered user"
        }
        return Failure(code: code, status: status, message: message, exitCode: exitCode, usage: usage)
    }

    /// Runs `work`; the refusal `refusal` it throws becomes a failure worded as `message` (code
    /// and status kept), for a command where the domain's sentence would not fit (one that names
    /// no user, say). A nil `message` keeps the domain's.
    static func wording<T>(_ refusal: DomainError, as message: String?, _ work: () throws -> T) throws -> T {
        guard let message else { return try work() }
        do {
            return try work()
        } catch let error as DomainError where error == refusal {
            throw Failure(code: error.code, status: SLPStatus.of(error), message: message, exitCode: .refused)
        }
    }

    /// Runs `work`; a refusal it throws carries the SLP status it has during `operation`.
    static func during<T>(_ operation: SLPStatus.Operation, _ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch let refusal as DomainError {
            throw Failure(refusal, during: operation)
        }
    }

    /// `not_matched` where no user was named: sending with no match at all.
    static let noPartner = "you have no match to send a message to"
    /// `not_matched` where no user was named: reading with no match ever.
    static let noConversation = "you have no conversation yet: nobody has matched with you"

    /// `user_not_found` naming the uid that nobody has (the domain's sentence names nobody).
    static func nobody(_ uid: UserID) -> String { "no user with uid \(uid.rawValue)" }

    /// Runs `work`, a report of `other`; its refusals worded as the command line and the API both
    /// say them (one place, so that the two never drift apart).
    static func reporting<T>(_ other: UserID, _ work: () throws -> T) throws -> T {
        try wording(.notPartner, as: "you can report only someone you are or were matched with") {
            try wording(.userNotFound, as: nobody(other), work)
        }
    }

    /// This failure worded as `message` when it is the refusal `refusal` (code and status kept),
    /// as `wording` does for one thrown; a nil `message` keeps it as it is.
    func worded(_ refusal: DomainError, as message: String?) -> Failure {
        guard let message, code == refusal.code, self.message == refusal.message else { return self }
        return Failure(code: code, status: status, message: message, exitCode: exitCode, usage: usage)
    }

    /// `{"error":{"code":…,"status":…,"message":…}}`.
    var json: JSONValue {
        .object([("error", .object([
            ("code", .string(code)), ("status", status.map(JSONValue.int) ?? .null), ("message", .string(message)),
        ]))])
    }
}
