/// One person in an SLP search answer (`fromQueueDB`, `fromQueueDBRequested`).
struct SLPNearbyUser: Decodable, Equatable {
    let uid: String
    let nick: String
    let lat: Double
    let long: Double
    let reputation: [Int]
    let studylist: [String]
    let reviews: [String]
    let gender: Int
    let type: Int
    let sesac: Int
    let background: Int
}
