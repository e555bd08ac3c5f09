import Foundation

/// Chat messages committed through `slp serve`, each person to its partner in turn round all
/// the people (so each stays far below the write limit of 5 a second), by `clients` threads:
/// at `rate` a second on a fixed schedule (message i is due at start + i / rate, whatever the
/// answers before it took), or with no rate as fast as the clients get answers.
enum ChatCommitter {
    static func commit(
        _ count: Int, tag: String, rate: Double?, clients: Int, people: PushPeople, port: UInt16
    ) -> [ChatCommit] {
        let started = Stopwatch.now()
        let next = Ticket()
        let batches = ThreadGroup.run(clients) { client -> [ChatCommit] in
            let http = HTTPClient(port: port)
            let parser = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
            var commits: [ChatCommit] = []
            while true {
                let index: Int
                if let rate {
                    index = client + commits.count * clients
                    let due = started + UInt64(Double(index) / rate * 1e9)
                    let now = Stopwatch.now()
                    if due > now { usleep(UInt32((due - now) / 1_000)) }
                } else {
                    index = next.take()
                }
                guard index < count else { return commits }
                let person = index % people.people.count
                let text = "\(tag)-\(index)"
                let answer = http.send("POST", "/v1/chat/\(people.partner(of: person).uid)", token: people.people[person].token, form: "chat=\(text)")
                let answeredAt = Date().timeIntervalSince1970
                let created = (try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])?["createdAt"] as? String
                commits.append(ChatCommit(
                    text: text, status: answer.status, createdAt: created.flatMap { try? parser.parse($0).timeIntervalSince1970 },
                    answeredAt: answeredAt))
            }
        }
        return batches.flatMap { $0 }
    }

    /// The next message's number, for clients taking them as fast as they can.
    private final class Ticket: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0

        func take() -> Int {
            lock.withLock {
                defer { value += 1 }
                return value
            }
        }
    }
}
