/// Why the push sender cannot start: one line for serve's error log.
struct SettingsError: Error, Sendable {
    let message: String
}
