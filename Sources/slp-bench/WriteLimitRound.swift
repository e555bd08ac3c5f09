import Foundation

/// One `slp` through `slp serve` on a fresh SQLite store with `people` people registered,
/// queued and matched in pairs through the API (not timed), then, K clients each: `GET
/// myQueueState` round the people, chat messages round the people (each person far below their
/// limit), and every client flooding one person's partner with chat messages.
struct WriteLimitRound {
    let label: String
    let state: HTTPThroughput
    let chatBelow: HTTPThroughput
    let flood: HTTPThroughput

    init(slp: String, label: String, scratch: String, options: WriteLimitOptions) throws {
        self.label = label
        let database = "\(scratch)/\(label).sqlite"
        let environment = ["PATH=/usr/bin:/bin", "HOME=\(NSHomeDirectory())", "LANG=C.UTF-8", "NO_COLOR=1"]
        let child = ChildProcess(scratch: "\(scratch)/\(label)-token")
        let phones = (0..<options.people).map { String(format: "010-7%03d-%04d", $0 / 10_000, $0 % 10_000) }
        let tokens = try phones.map { phone in
            let issued = try child.run([slp, "--db", database, "token", "--phone", phone, "--hours", "24"], environment: environment)
            guard issued.status == 0 else { throw LoadFailure("slp token failed (exit \(issued.status)): \(issued.errorText)") }
            return String(decoding: issued.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let serve = try SLPServeProcess(slp: slp, database: database, scratch: scratch, name: "serve-\(label)")
        defer { serve.stop() }
        let client = HTTPClient(port: serve.port)
        func expect(_ answer: HTTPResponse, _ what: String) throws {
            guard answer.status == 200 else { throw LoadFailure("\(what) answered \(answer.status): \(String(decoding: answer.body, as: UTF8.self))") }
        }
        var registered: [String] = []
        for (index, (phone, token)) in zip(phones, tokens).enumerated() {
            let form = FormEncoding.form([
                ("phoneNumber", phone), ("FCMtoken", ""), ("nick", "w\(index)"), ("birth", "1995-01-01"),
                ("email", "w\(index)@example.com"), ("gender", "\(index % 2)"),
            ])
            let answer = client.send("POST", "/v1/user", token: token, form: form)
            try expect(answer, "POST /v1/user")
            guard let uid = (try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])?["uid"] as? String else {
                throw LoadFailure("POST /v1/user answered no uid")
            }
            registered.append(uid)
            try expect(client.send("POST", "/v1/queue", token: token, form: "lat=37.5665&long=126.978&studylist=anything"), "POST /v1/queue")
        }
        let uids = registered
        for pair in stride(from: 0, to: uids.count - 1, by: 2) {
            try expect(client.send("POST", "/v1/queue/studyrequest", token: tokens[pair], form: "otheruid=\(uids[pair + 1])"), "studyrequest")
            try expect(client.send("POST", "/v1/queue/studyaccept", token: tokens[pair + 1], form: "otheruid=\(uids[pair])"), "studyaccept")
        }

        let (clients, seconds, people) = (options.clients, options.seconds, uids.count / 2 * 2)
        let port = serve.port
        state = HTTPThroughput.measure("GET myQueueState", port: port, clients: clients, seconds: seconds, expected: [200]) { client, n in
            ("GET", "/v1/queue/myQueueState", tokens[(client + n * clients) % people], nil)
        }
        chatBelow = HTTPThroughput.measure("POST chat, each below the limit", port: port, clients: clients, seconds: seconds, expected: [200]) { client, n in
            let person = (client + n * clients) % people
            return ("POST", "/v1/chat/\(uids[person ^ 1])", tokens[person], "chat=below+\(client)+\(n)")
        }
        flood = HTTPThroughput.measure("POST chat, one token", port: port, clients: clients, seconds: seconds, expected: [200]) { client, n in
            ("POST", "/v1/chat/\(uids[1])", tokens[0], "chat=flood+\(client)+\(n)")
        }
    }
}
