#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SLPCommandLine
import SLPData
import SLPDomain

/// `slp backup FILE`
enum BackupCommand: Command {
    static let spec = CommandSpec(
        name: "backup",
        abstract: "Copy the SQLite database to a new file while the service runs and writes go on.",
        discussion: """
            The copy is one consistent moment of the database, made by SQLite's online backup in small steps, so \
            writers wait milliseconds, not the whole copy. It is written under a temporary name beside FILE, checked \
            (integrity, the schema version), flushed to disk, and only then given FILE's name. FILE must not exist \
            (73); nothing is left behind on failure. On PostgreSQL, use pg_dump (64).
            """,
        arguments: [ArgumentSpec(name: "file", help: "The new backup file (never overwritten).")],
        examples: ["slp backup /var/backups/slp/slp-$(date +%F).sqlite", "slp --db /srv/slp/slp.sqlite --json backup copy.sqlite"])

    /// What PostgreSQL's operators are told instead: the URI is not repeated, as it may hold a password.
    static let usePGDump = Failure(
        code: "use_pg_dump", status: nil,
        message: "slp backup copies a SQLite file; back up a PostgreSQL database with pg_dump: pg_dump --format=custom --file=slp.dump \"$SLP_DB\"",
        exitCode: .usage)

    /// The copy's CPU priority, as `nice -n`.
    static let niceness: Int32 = 10

    static func run(_ context: CommandContext) async -> Output {
        do {
            let location = try DatabaseLocation.resolve(option: context.invocation[GlobalOptions.database], environment: context.environment)
            guard case .file(let source, _) = location else { return context.fail(usePGDump) }
            let file = context.invocation.arguments.first ?? ""
            guard !file.isEmpty else { throw UsageError(message: "backup: the file must not be empty", code: "invalid_value") }
            let target = file.hasPrefix("/") ? file : context.environment.currentDirectory + "/" + file
            // The service's processes first: on a busy machine the copy takes the cores they leave
            // (as `nice` would), so their answers keep their pace while it runs a little longer.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
            let database = try Database(path: source, creation: .none)
            return BackupRenderer(format: context.format).render(try DatabaseBackup().write(database, to: target))
        } catch BackupError.exists(let path) {
            return context.fail(Failure(code: "file_exists", status: nil, message: BackupError.exists(path: path).description, exitCode: .cannotCreate))
        } catch {
            return context.fail(error)
        }
    }
}
