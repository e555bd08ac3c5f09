import Foundation
import SLPData
import SLPDomain
import SLPSupport

/// One seeded database: the population, the benchmark's own user, and a copy of every
/// waiting user's search fields in memory for the brute-force check.
final class Dataset {
    struct Row {
        let uid: String
        let coordinate: Coordinate
        /// The waiting user, as the person rules see them.
        let user: User
        let studyKeys: [String]
    }

    let name: String
    let count: Int
    let database: Database
    let storage: SQLiteStorage
    let me: User
    let seedSeconds: Double
    private(set) var rows: [Row] = []

    init(name: String, count: Int, hotspots: Bool, directory: String, clock: any TimeProvider) throws {
        self.name = name
        self.count = count
        let path = "\(directory)/\(name).sqlite"
        try? FileManager.default.removeItem(atPath: path)
        database = try Database(path: path)
        storage = SQLiteStorage(database: database)
        let options = try SeedOptions(count: count, seed: 42, hotspots: hotspots)
        let seed = SeedPopulationUseCase(population: SQLitePopulationRepository(database: database), clock: clock)
        let started = Stopwatch.now()
        try seed(options)
        seedSeconds = Double(Stopwatch.now() - started) / 1e9
        let register = RegisterUserUseCase(storage: storage, clock: clock)
        me = try register(.init(
            phone: "010-9999-0000", nick: "벤치", birth: try CalendarDate(year: 1996, month: 5, day: 5),
            email: "bench@example.com", gender: .female))
    }

    /// A database seeded before (`slp seed`), for profiling at full size without seeding again;
    /// the benchmark's own user is registered in it unless it already is.
    init(existing path: String, clock: any TimeProvider) throws {
        name = (path as NSString).lastPathComponent
        database = try Database(path: path)
        storage = SQLiteStorage(database: database)
        count = try SQLitePopulationRepository(database: database).seededCount()
        seedSeconds = 0
        let phone = try PhoneNumber("010-9999-0000")
        if let known = try storage.read({ try $0.user(phone: phone) }) {
            me = known
        } else {
            me = try RegisterUserUseCase(storage: storage, clock: clock)(.init(
                phone: phone.e164, nick: "벤치", birth: try CalendarDate(year: 1996, month: 5, day: 5),
                email: "bench@example.com", gender: .female))
        }
    }

    /// Every waiting user's search fields, read once.
    func loadRows() throws {
        rows.reserveCapacity(count)
        rows = try database.read { connection in
            try connection.prepare("""
                SELECT q.uid, q.lat, q.long, u.phone, u.email, u.nick, u.birth, u.gender, u.age_min, u.age_max, u.searchable,
                       q.study_keys
                FROM queue q JOIN users u ON u.id = q.user_id
                """).map { row in
                    let keys = row.text(11).dropFirst().dropLast().split(separator: ",").map { String($0.dropFirst().dropLast()) }
                    let birth = row.text(6).split(separator: "-").compactMap { Int($0) }
                    let user = User(
                        uid: try UserID(row.text(0)), phone: try PhoneNumber(row.text(3)), email: try Email(row.text(4)),
                        nick: try Nick(row.text(5)),
                        birth: BirthDate(stored: try CalendarDate(year: birth[0], month: birth[1], day: birth[2])),
                        gender: row.int(7) == 0 ? .female : .male, ageRange: try AgeRange(min: row.int(8), max: row.int(9)),
                        searchable: row.bool(10), createdAt: SLPBench.clock.now)
                    return Row(
                        uid: row.text(0), coordinate: try Coordinate(latitude: row.double(1), longitude: row.double(2)), user: user,
                        studyKeys: keys)
                }
        }
    }

    /// Positions of `count` random waiting users: searches happen where people are.
    func queryPoints(_ count: Int, seed: UInt64) -> [Coordinate] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in rows[Int(random.next() % UInt64(rows.count))].coordinate }
    }

    /// The uids a full scan finds: the reference the index must match exactly.
    func bruteForce(center: Coordinate, radius: Double, studyKey: String?, criteria: SearchCriteria) -> Set<String> {
        let latitudeSpan = radius / Coordinate.earthRadiusMetres * 180 / Double.pi + 1e-6
        var found = Set<String>()
        for row in rows where abs(row.coordinate.latitude - center.latitude) <= latitudeSpan {
            guard center.distance(to: row.coordinate) <= radius, criteria.admits(row.user) else { continue }
            if let studyKey, !row.studyKeys.contains(studyKey) && !row.studyKeys.contains("anything") { continue }
            found.insert(row.uid)
        }
        return found
    }
}
