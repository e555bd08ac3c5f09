import SLPDomain

/// The PostgreSQL backend as the search and process measurements see it, with PostGIS beside it.
struct SecondBackend {
    let search: SearchNearbyUseCase
    /// The benchmark's own user on that backend.
    let me: User
    /// The `--db` argument of `slp` processes.
    let location: String
    /// PostGIS on the same points: the server's and the round trip's microseconds of one search
    /// (centre, radius, study, limit).
    let postgis: ((Coordinate, Double, String?, Int?) throws -> (Double, Double))?
    /// A whole `psql` process running PostGIS's search around a point, for hyperfine (which
    /// splits it into arguments as a shell would, without one).
    let psqlCommand: ((Coordinate) -> String)?
}

#if PostgreSQL
extension SecondBackend {
    init(_ dataset: PostgresDataset, postgis anchor: PostGISAnchor?, psql: String? = nil) {
        search = SearchNearbyUseCase(storage: dataset.store.storage, clock: SLPBench.clock)
        me = dataset.me
        location = dataset.store.location
        postgis = anchor.map { anchor in
            { center, radius, study, limit in
                let server = try anchor.serverTime(longitude: center.longitude, latitude: center.latitude, radius: radius, study: study, limit: limit)
                let (_, roundTrip) = try anchor.roundTrip(longitude: center.longitude, latitude: center.latitude, radius: radius, study: study, limit: limit)
                return (server, roundTrip)
            }
        }
        let location = dataset.store.location
        psqlCommand = anchor == nil ? nil : psql.map { psql in
            { center in
                let statement = PostGISAnchor.psqlStatement(longitude: center.longitude, latitude: center.latitude, radius: 700)
                return "\(psql) -X -q -A -t -o /dev/null -d \(location) -c \"\(statement)\""
            }
        }
    }
}
#endif
