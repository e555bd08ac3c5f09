/// The user document of the SLP server (`GET /user`, `POST /user`, `/user/shop/myinfo`), as a
/// client written for SLP declares it: every key required, none optional.
struct SLPUser: Decodable, Equatable {
    let id: String
    let version: Int
    let uid: String
    let phoneNumber: String
    let email: String
    let FCMtoken: String
    let nick: String
    let birth: String
    let gender: Int
    let study: String
    let comment: [String]
    let reputation: [Int]
    let sesac: Int
    let sesacCollection: [Int]
    let background: Int
    let backgroundCollection: [Int]
    let purchaseToken: [String]
    let transactionId: [String]
    let reviewedBefore: [String]
    let reportedNum: Int
    let reportedUser: [String]
    let dodgepenalty: Int
    let dodgeNum: Int
    let ageMin: Int
    let ageMax: Int
    let searchable: Int
    let createdAt: String

    enum CodingKeys: String, CodingKey {
        case id = "_id", version = "__v"
        case uid, phoneNumber, email, FCMtoken, nick, birth, gender, study, comment, reputation, sesac, sesacCollection
        case background, backgroundCollection, purchaseToken, transactionId, reviewedBefore, reportedNum, reportedUser
        case dodgepenalty, dodgeNum, ageMin, ageMax, searchable, createdAt
    }
}
