import SLPDomain

/// What search must find, worked out the slow and obvious way from every waiting user.
enum BruteForceSearch {
    /// Uid and distance of every match, each placed where `positions` says, nearest first (ties by uid).
    static func nearby(
        _ scanned: [ScannedUser], center: Coordinate, radius: Double, study: Study?, excluding: Set<String>, criteria: SearchCriteria,
        positions: SearchPositions = .exact
    ) -> [(uid: String, distance: Double)] {
        scanned.compactMap { user in
            guard !excluding.contains(user.uid) else { return nil }
            if let study {
                let listed = study == .anything ? user.studies.studies.contains(.anything) : user.studies.accepts(study)
                guard listed else { return nil }
            }
            let distance = center.distance(to: positions == .exact ? user.coordinate : user.shown)
            guard distance <= radius, criteria.admits(user.user) else { return nil }
            return (user.uid, distance)
        }.sorted { ($0.distance, $0.uid) < ($1.distance, $1.uid) }
    }
}
