#if PostgreSQL
import Foundation

/// The same population in PostGIS, next to slp's tables on the same server: one `geography`
/// point per waiting user with a GiST index, searched with `ST_DWithin` and ordered by
/// `ST_Distance`, one query per search, as a PostGIS user would write it.
struct PostGISAnchor {
    let session: PQSession

    /// The anchor, or nil with the reason when PostGIS cannot be used on this server.
    static func make(session: PQSession) -> (PostGISAnchor?, String?) {
        do {
            try session.rows("CREATE EXTENSION IF NOT EXISTS postgis")
            return (PostGISAnchor(session: session), nil)
        } catch {
            return (nil, "PostGIS is not installed on this server (apt-get install postgresql-15-postgis-3); its anchors are skipped.")
        }
    }

    /// Copies every waiting user's position (and study keys, for searches with a study) from slp's queue.
    func load() throws {
        try session.rows("DROP TABLE IF EXISTS public.postgis_queue")
        try session.rows("""
            CREATE TABLE public.postgis_queue AS
            SELECT uid, study_keys, ST_SetSRID(ST_MakePoint(long, lat), 4326)::geography AS position FROM slp.queue
            """)
        try session.rows("CREATE INDEX postgis_queue_position ON public.postgis_queue USING gist (position)")
        try session.rows("VACUUM ANALYZE public.postgis_queue")
    }

    /// The query of one search and its parameters: longitude, latitude, radius (m), then the study.
    static func query(longitude: Double, latitude: Double, radius: Double, study: String?, limit: Int?) -> (String, [String]) {
        var sql = """
            SELECT uid, ST_Distance(position, here) AS distance
            FROM public.postgis_queue, (SELECT ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography AS here) AS center
            WHERE ST_DWithin(position, here, $3)
            """
        var values = [String(longitude), String(latitude), String(radius)]
        if let study {
            sql += " AND (study_keys ? $4 OR study_keys ? 'anything')"
            values.append(study)
        }
        // The nearest ones through the index's distance order, the rest sorted.
        sql += limit.map { " ORDER BY position <-> here LIMIT \($0)" } ?? " ORDER BY distance"
        return (sql, values)
    }

    /// The search as one statement, in microseconds: (rows, time on the client from send to last row).
    func roundTrip(longitude: Double, latitude: Double, radius: Double, study: String?, limit: Int?) throws -> (Int, Double) {
        let (sql, values) = Self.query(longitude: longitude, latitude: latitude, radius: radius, study: study, limit: limit)
        let (rows, micros) = try Stopwatch.measure { try session.rows(sql, values) }
        return (rows.count, micros)
    }

    /// The server's own time for the search (`EXPLAIN (ANALYZE)`'s execution time, without
    /// planning or sending rows), in microseconds.
    func serverTime(longitude: Double, latitude: Double, radius: Double, study: String?, limit: Int?) throws -> Double {
        let (sql, values) = Self.query(longitude: longitude, latitude: latitude, radius: radius, study: study, limit: limit)
        let lines = try session.rows("EXPLAIN (ANALYZE, TIMING OFF) " + sql, values).compactMap { $0.first ?? nil }
        guard let line = lines.first(where: { $0.hasPrefix("Execution Time:") }),
              let milliseconds = Double(line.dropFirst("Execution Time:".count).trimmingCharacters(in: .whitespaces).split(separator: " ")[0]) else {
            throw PQSession.Failure(description: "EXPLAIN gave no execution time")
        }
        return milliseconds * 1_000
    }

    /// The search as a whole `psql` process would run it, values written into the statement.
    static func psqlStatement(longitude: Double, latitude: Double, radius: Double) -> String {
        let (sql, values) = query(longitude: longitude, latitude: latitude, radius: radius, study: nil, limit: nil)
        var statement = sql
        for (index, value) in values.enumerated().reversed() { statement = statement.replacingOccurrences(of: "$\(index + 1)", with: value) }
        return statement.replacingOccurrences(of: "\n", with: " ")
    }
}
#endif
