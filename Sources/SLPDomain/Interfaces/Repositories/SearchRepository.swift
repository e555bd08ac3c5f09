
/// Reads the queue for search, with a spatial index of the storage's choosing.
public protocol SearchRepository {
    /// The waiting users within `query.radius` of its centre who list its study (or `anything`)
    /// and whom its criteria admit, but none it excludes: nearest first, equal distances by uid,
    /// and only the nearest `query.limit` when it has one.
    func nearby(_ query: NearbyQuery) throws -> [NearbyUser]
    /// Waiting users whose request to `uid` is still open, with distances from `center`.
    func requesters(of uid: UserID, from center: Coordinate) throws -> [NearbyUser]
    /// Users `uid` reported, and users who reported `uid`.
    func reportedPartners(of uid: UserID) throws -> Set<UserID>
}
