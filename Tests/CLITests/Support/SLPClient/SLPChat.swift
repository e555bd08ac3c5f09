/// One chat message of SLP's `/chat` API.
struct SLPChat: Decodable, Equatable {
    let id: String
    let to: String
    let from: String
    let chat: String
    let createdAt: String

    enum CodingKeys: String, CodingKey {
        case id = "_id", to, from, chat, createdAt
    }
}
