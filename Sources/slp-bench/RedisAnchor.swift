import Foundation

/// The same population in Redis: one geo key for everyone, one per study.
struct RedisAnchor {
    let client: RESPClient
    let prefix: String

    var allKey: String { "\(prefix):all" }
    func studyKey(_ study: String) -> String { "\(prefix):study:\(study)" }

    /// Loads every waiting user (GEOADD in pipelined chunks).
    func load(_ rows: [Dataset.Row]) throws {
        var commands: [[String]] = []
        var byStudy: [String: [String]] = [:]
        var all: [String] = [allKey]
        func flush() throws {
            if !commands.isEmpty { _ = try client.pipeline(commands) }
            commands.removeAll(keepingCapacity: true)
        }
        for row in rows {
            let member = [String(row.coordinate.longitude), String(row.coordinate.latitude), row.uid]
            all += member
            if all.count > 1_500 {
                commands.append(["GEOADD"] + all)
                all = [allKey]
            }
            for key in row.studyKeys {
                byStudy[key, default: [studyKey(key)]] += member
                if byStudy[key]!.count > 1_500 {
                    commands.append(["GEOADD"] + byStudy[key]!)
                    byStudy[key] = [studyKey(key)]
                }
            }
            if commands.count >= 50 { try flush() }
        }
        if all.count > 1 { commands.append(["GEOADD"] + all) }
        for (_, members) in byStudy where members.count > 1 { commands.append(["GEOADD"] + members) }
        try flush()
    }

    /// `GEOSEARCH key FROMLONLAT … BYRADIUS r m ASC WITHDIST [COUNT n]`; returns the member count.
    static func geosearchArguments(key: String, longitude: Double, latitude: Double, radius: Double, count: Int?) -> [String] {
        var arguments = ["GEOSEARCH", key, "FROMLONLAT", String(longitude), String(latitude), "BYRADIUS", String(Int(radius)), "m", "ASC", "WITHDIST"]
        if let count { arguments += ["COUNT", String(count)] }
        return arguments
    }

    func search(key: String, longitude: Double, latitude: Double, radius: Double, count: Int? = nil) throws -> Int {
        let reply = try client.call(RedisAnchor.geosearchArguments(key: key, longitude: longitude, latitude: latitude, radius: radius, count: count))
        if case .array(let members) = reply { return members.count }
        throw RESPClient.Failure(description: "GEOSEARCH failed: \(reply)")
    }

    /// Server-side microseconds of each GEOSEARCH logged since the last reset, keyed by (key, radius, count).
    func serverTimes() throws -> [String: [Double]] {
        guard case .array(let entries) = try client.call(["SLOWLOG", "GET", "1000000"]) else { return [:] }
        var times: [String: [Double]] = [:]
        for case .array(let entry) in entries where entry.count >= 4 {
            guard case .integer(let micros) = entry[2], case .array(let arguments) = entry[3],
                  case .bulk("GEOSEARCH")? = arguments.first else { continue }
            let words = arguments.compactMap { reply -> String? in if case .bulk(let text) = reply { return text } else { return nil } }
            let tag = "\(words[1]) r=\(words[6])" + (words.count > 11 ? " n=\(words[11])" : "")
            times[tag, default: []].append(Double(micros))
        }
        return times
    }

    func resetServerTimes() throws {
        try client.call(["SLOWLOG", "RESET"])
    }
}
