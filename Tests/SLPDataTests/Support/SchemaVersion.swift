@testable import SLPData

/// The schema version this build of SLPData creates (`user_version` of a new file).
let currentSchemaVersion = Int64(Schema.currentVersion)

/// Every migration's version, in order.
let migrationVersions = Schema.migrations.map(\.version)

/// The SQL of migration `version`, to build a database as an older slp left it.
func migrationSQL(version: Int) -> String? {
    Schema.migrations.first { $0.version == version }?.sql
}
