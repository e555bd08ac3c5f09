import Foundation

/// The push benchmark's people: registered through `slp serve` as the apps sign up, each with
/// an FCM device token of its own (`bench-device-N`), queued at one place and matched in
/// pairs (2k asks 2k+1, who accepts), so that each can chat with its partner. Their study
/// requests and acceptances push too: `setupPushes` of them.
struct PushPeople {
    struct Person: Sendable {
        let uid: String
        let token: String
    }

    let people: [Person]

    /// One push to the one asked, one to the one who asked, per pair.
    var setupPushes: Int { people.count / 2 * 2 }

    /// The partner of person `index`.
    func partner(of index: Int) -> Person { people[index ^ 1] }

    init(count: Int, slp: String, database: String, port: UInt16, scratch: String) throws {
        let environment = ["PATH=/usr/bin:/bin", "HOME=\(NSHomeDirectory())", "LANG=C.UTF-8", "NO_COLOR=1"]
        let threads = 8
        // Each thread registers every `threads`-th pair, asking and accepting within it.
        let registered = ThreadGroup.run(threads) { thread -> Result<[(Int, Person)], LoadFailure> in
            let child = ChildProcess(scratch: "\(scratch)/people-\(thread)")
            let client = HTTPClient(port: port)
            var made: [(Int, Person)] = []
            do {
                for pair in stride(from: thread * 2, to: count - 1, by: threads * 2) {
                    let two = try [pair, pair + 1].map { index in
                        let person = try Self.register(index, slp: slp, database: database, environment: environment, child: child, client: client)
                        made.append((index, person))
                        return person
                    }
                    try Self.expect(client.send("POST", "/v1/queue/studyrequest", token: two[0].token, form: "otheruid=\(two[1].uid)"), "studyrequest")
                    try Self.expect(client.send("POST", "/v1/queue/studyaccept", token: two[1].token, form: "otheruid=\(two[0].uid)"), "studyaccept")
                }
            } catch let failure as LoadFailure {
                return .failure(failure)
            } catch {
                return .failure(LoadFailure("\(error)"))
            }
            return .success(made)
        }
        var people: [Person?] = Array(repeating: nil, count: count / 2 * 2)
        for result in registered {
            for (index, person) in try result.get() { people[index] = person }
        }
        self.people = people.compactMap { $0 }
    }

    /// A token from `slp token`, the user registered with a device token and queued.
    private static func register(
        _ index: Int, slp: String, database: String, environment: [String], child: ChildProcess, client: HTTPClient
    ) throws -> Person {
        let phone = String(format: "010-5%03d-%04d", index / 10_000, index % 10_000)
        let issued = try child.run([slp, "--db", database, "token", "--phone", phone, "--hours", "24"], environment: environment)
        guard issued.status == 0 else { throw LoadFailure("slp token failed (exit \(issued.status)): \(issued.errorText)") }
        let token = String(decoding: issued.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let form = FormEncoding.form([
            ("phoneNumber", phone), ("FCMtoken", "bench-device-\(index)"), ("nick", "p\(index)"), ("birth", "1995-01-01"),
            ("email", "p\(index)@example.com"), ("gender", "\(index % 2)"),
        ])
        let answer = client.send("POST", "/v1/user", token: token, form: form)
        try expect(answer, "POST /v1/user")
        guard let uid = (try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])?["uid"] as? String else {
            throw LoadFailure("POST /v1/user answered no uid")
        }
        try expect(client.send("POST", "/v1/queue", token: token, form: "lat=37.5665&long=126.978&studylist=anything"), "POST /v1/queue")
        return Person(uid: uid, token: token)
    }

    private static func expect(_ answer: HTTPResponse, _ what: String) throws {
        guard answer.status == 200 else { throw LoadFailure("\(what) answered \(answer.status): \(String(decoding: answer.body, as: UTF8.self))") }
    }
}
