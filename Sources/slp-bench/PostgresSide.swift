#if PostgreSQL
import Foundation
import SLPDomain
import SLPPrivateCluster

/// The PostgreSQL half of a benchmark run: the server (a private cluster unless a URL was
/// given), a fresh database per data set, and PostGIS beside slp's tables when it is installed.
final class PostgresSide {
    private let cluster: PrivateCluster
    /// Why PostGIS figures are missing, once a data set found it unusable.
    private(set) var postgisNote: String?

    init(url: String?) throws {
        cluster = try PrivateCluster.server(given: url, durable: true)
    }

    func stop() { cluster.remove() }

    /// A new, empty database.
    func freshStore() throws -> PostgresStore {
        try PostgresStore(uri: cluster.freshDatabase())
    }

    /// `psql`, for whole-process timings of PostGIS.
    var psql: String? {
        PrivateCluster.installedBinaries.map { $0 + "/psql" } ?? Shell.which("psql")
    }

    /// The population of `dataset` seeded again on a fresh database (timed), the benchmark's
    /// user registered, and PostGIS loaded with the same points when it can be.
    func dataset(like dataset: Dataset, hotspots: Bool, clock: any TimeProvider) throws -> (PostgresDataset, PostGISAnchor?) {
        let store = try freshStore()
        let options = try SeedOptions(count: dataset.count, seed: 42, hotspots: hotspots)
        let started = Stopwatch.now()
        try SeedPopulationUseCase(population: store.population, clock: clock)(options)
        let seconds = Double(Stopwatch.now() - started) / 1e9
        let me = try RegisterUserUseCase(storage: store.storage, clock: clock)(.init(
            phone: dataset.me.phone.e164, nick: dataset.me.nick.value, birth: dataset.me.birth.date,
            email: dataset.me.email.value, gender: dataset.me.gender))
        let (anchor, note) = PostGISAnchor.make(session: store.session)
        if let note { postgisNote = note }
        try anchor?.load()
        return (PostgresDataset(store: store, me: me, seedSeconds: seconds), anchor)
    }
}

/// One data set on PostgreSQL.
struct PostgresDataset {
    let store: PostgresStore
    let me: User
    let seedSeconds: Double
}
#endif
