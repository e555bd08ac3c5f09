/// `POST /queue/search` (SLP's `/queue/onqueue`) as SLP clients declare it.
struct SLPSearchResult: Decodable, Equatable {
    let fromQueueDB: [SLPNearbyUser]
    let fromQueueDBRequested: [SLPNearbyUser]
    let fromRecommend: [String]
}
