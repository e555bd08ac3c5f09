
/// What `slp serve` tells its push sender through the environment: the database (`SLP_DB`, as
/// serve resolved it), the service account file (`GOOGLE_APPLICATION_CREDENTIALS`), the FCM
/// endpoint (`SLP_FCM_URL`, for tests or a relay); and who it is among the senders sharing the
/// database (`SenderTag`).
struct PushSenderSettings: Sendable {
    let database: String
    let credentialsPath: String
    let fcmURL: String
    let owner: String

    static let defaultFCMURL = "https://fcm.googleapis.com"

    init(variable: (String) -> String?) throws(SettingsError) {
        func required(_ name: String) throws(SettingsError) -> String {
            guard let value = variable(name), !value.isEmpty else { throw SettingsError(message: "\(name) is not set (slp serve sets it)") }
            return value
        }
        database = try required("SLP_DB")
        credentialsPath = try required("GOOGLE_APPLICATION_CREDENTIALS")
        fcmURL = variable("SLP_FCM_URL").flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultFCMURL
        owner = SenderTag.current
        #if !PostgreSQL
        if Self.isServer(database) { throw SettingsError(message: "this slp-push was built without PostgreSQL") }
        #endif
    }

    /// Whether `database` names a PostgreSQL server (libpq's two URI schemes) rather than a file.
    static func isServer(_ database: String) -> Bool {
        database.hasPrefix("postgresql://") || database.hasPrefix("postgres://")
    }
}
