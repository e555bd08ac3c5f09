import Foundation

/// Matched pairs chatting through one HTTP endpoint (a proxy) until stopped, each person on a
/// thread of their own and from an address of their own (127.0.0.2, .3, …): a chat every
/// quarter second (under the write limit's sustained five a second), and between chats the
/// reads an app makes (`GET /v1/user`, `GET /v1/queue/myQueueState`) as fast as they are
/// answered. Every answer's status is counted, every failure (a reset, no answer) kept, every
/// chat acknowledged 200 kept.
final class ChatLoad: @unchecked Sendable {
    /// A chat `POST /v1/chat/{uid}` acknowledged with 200.
    struct Chat: Equatable {
        let id: String
        let from: String
        let to: String
    }

    private let lock = NSLock()
    private var running = true
    private var statusCounts: [Int: Int] = [:]
    private var failureList: [String] = []
    private var chats: [Chat] = []
    private let threads = DispatchGroup()

    init(pairs: [(APIPerson, APIPerson)], port: Int) {
        for (index, (a, b)) in pairs.enumerated() {
            for (offset, (sender, recipient)) in [(a, b), (b, a)].enumerated() {
                var http = HTTPTestClient(port: port)
                http.source = "127.0.0.\(2 + 2 * index + offset)"
                http.waitsOutWriteLimits = true
                threads.enter()
                Thread.detachNewThread { [self, http] in
                    defer { threads.leave() }
                    run(sender, to: recipient, http)
                }
            }
        }
    }

    /// Every chat acknowledged so far.
    var acknowledged: [Chat] { lock.withLock { chats } }
    /// How many answers had each status.
    var statuses: [Int: Int] { lock.withLock { statusCounts } }
    /// Requests that got no answer.
    var failures: [String] { lock.withLock { failureList } }

    /// Ends the load once each person's request under way is answered.
    func stop() {
        lock.withLock { running = false }
        threads.wait()
    }

    private func run(_ sender: APIPerson, to recipient: APIPerson, _ http: HTTPTestClient) {
        var lastChat = Date.distantPast
        var sent = 0
        while lock.withLock({ running }) {
            if Date().timeIntervalSince(lastChat) >= 0.25 {
                lastChat = Date()
                sent += 1
                request("chat") { try http.form("POST", "/v1/chat/\(recipient.uid)", token: sender.token, "chat=n\(sent)") }.map { answer in
                    guard answer.status == 200, let object = try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any],
                          let id = object["_id"] as? String else { return }
                    lock.withLock { chats.append(Chat(id: id, from: sender.uid, to: recipient.uid)) }
                }
            }
            _ = request("user") { try http.get("/v1/user", token: sender.token) }
            _ = request("myQueueState") { try http.get("/v1/queue/myQueueState", token: sender.token) }
        }
    }

    /// One request: its answer counted, or its failure kept.
    private func request(_ name: String, _ send: () throws -> HTTPTestClient.Response) -> HTTPTestClient.Response? {
        do {
            let answer = try send()
            lock.withLock { statusCounts[answer.status, default: 0] += 1 }
            return answer
        } catch {
            lock.withLock { failureList.append("\(name): \(error)") }
            return nil
        }
    }
}
