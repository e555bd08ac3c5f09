
/// Reads the queue for search, with a spatial index of the storage's choosing.
public protocol SearchRepository {
    /// Waiting users matching `query`, nearest first; `admits` is asked about each candidate
    /// (cheaply, before its card is loaded) and those it refuses are left out.
    func nearby(_ query: NearbyQuery, admits: (CandidateTraits) -> Bool) throws -> [NearbyUser]
    /// Waiting users whose request to `uid` is still open, with distances from `center`.
    func requesters(of uid: UserID, from center: Coordinate) throws -> [NearbyUser]
    /// Users `uid` reported, and users who reported `uid`, each once.
    func reportedPartners(of uid: UserID) throws -> [UserID]
}
