import Foundation
import XCTest

/// `slp register` and `slp user …` driven through the built binary: exact output and exit codes,
/// on every backend (the database file's own test on SQLite).
final class RegisterAndUserCLITests: XCTestCase {
    private var slp: SLPBinary!

    /// Runs `body` on a fresh store of each backend.
    private func onEachBackend(_ body: () throws -> Void) {
        TestBackend.each(self) { _, database, _ in
            slp = SLPBinary(database: database)
            try body()
        }
    }

    private func register(phone: String = "010-1234-5678", nick: String = "새싹", birth: String = "1998-03-14") throws -> SLPBinary.Result {
        try slp.run(["register", "--phone", phone, "--nick", nick, "--birth", birth, "--email", "sesac@example.com", "--gender", "female"])
    }

    func testRegisterPrintsUidAndUserShowPrintsTheSLPObject() {
        onEachBackend {
            let registered = try register()
            XCTAssertEqual(registered.status, 0, registered.stderr)
            XCTAssertEqual(registered.stderr, "")
            let uid = registered.stdout.trimmingCharacters(in: .newlines)
            XCTAssertEqual(registered.stdout, uid + "\n")
            XCTAssertEqual(uid.count, 28)
            XCTAssertTrue(uid.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
            XCTAssertFalse(uid.contains("1234"), "uid must not be derived from the phone")

            let shown = try slp.run("--json", "user", "show", "--as", uid)
            XCTAssertEqual(shown.status, 0, shown.stderr)
            // `_id`: the registration second (2026-11-21T09:30:00Z) in hex, then 16 hex digits from the uid.
            let documentID = try XCTUnwrap(shown.jsonObject()["_id"] as? String)
            XCTAssertEqual(documentID.count, 24)
            XCTAssertTrue(documentID.hasPrefix(String(1_795_253_400, radix: 16)), documentID)
            XCTAssertTrue(documentID.allSatisfy { "0123456789abcdef".contains($0) }, documentID)
            XCTAssertEqual(shown.stdout, """
                {"_id":"\(documentID)","uid":"\(uid)","phoneNumber":"+821012345678","email":"sesac@example.com","FCMtoken":"",\
                "nick":"새싹","birth":"1998-03-14T00:00:00.000Z","gender":0,"study":"","comment":[],"reputation":[0,0,0,0,0,0],\
                "sesac":0,"sesacCollection":[0],"background":0,"backgroundCollection":[0],"purchaseToken":[],"transactionId":[],\
                "reviewedBefore":[],"reportedNum":0,"reportedUser":[],"dodgepenalty":0,"dodgeNum":0,"ageMin":18,"ageMax":65,\
                "searchable":1,"createdAt":"2026-11-21T09:30:00.000Z","__v":0}

                """)
            XCTAssertNoThrow(try shown.jsonObject())

            // Global options after the command words, and --as by phone in another format.
            let same = try slp.run("user", "show", "--json", "--as", "+821012345678")
            XCTAssertEqual(same, shown)
        }
    }

    func testSamePhoneInAnotherFormatIsAlreadyRegistered() {
        onEachBackend {
            XCTAssertEqual(try register(phone: "010-1234-5678").status, 0)
            let again = try slp.run(["--json", "register", "--phone", "+821012345678", "--nick", "둘", "--birth", "1990-01-01",
                                     "--email", "b@example.com", "--gender", "male"])
            XCTAssertEqual(again.status, 1)
            XCTAssertEqual(again.stdout, "")
            XCTAssertEqual(again.stderr, """
                Error: this phone number is already registered
                {"error":{"code":"already_registered","status":201,"message":"this phone number is already registered"}}

                """)
        }
    }

    func testInvalidValuesExit64WithOneErrorLine() {
        onEachBackend {
            let cases: [([String], String)] = [
                (["--nick", "abcdefghijk"], "Error: a nick has at most 10 characters (got 11)"),
                // One character of 20,001 bytes (issue 49), and one with 9 combining marks.
                (["--nick", "e" + String(repeating: "\u{334}", count: 10_000)], "Error: a nick has at most 320 bytes (got 20001)"),
                (["--nick", "ok" + "e" + String(repeating: "\u{334}", count: 9)], "Error: a nick has at most 8 combining marks on a character"),
                (["--birth", "2010-01-01"], "Error: you must be at least 17 years old to register (age 16)"),
                (["--birth", "1998-02-30"], "Error: --birth: '1998-02-30' is not a date (YYYY-MM-DD)"),
                (["--phone", "02-123-4567"], "Error: '02-123-4567' is not a Korean mobile number (010-1234-5678)"),
                (["--email", "not-an-email"], "Error: 'not-an-email' is not an e-mail address"),
                (["--gender", "other"], "Error: gender is female or male, not 'other'"),
            ]
            for (override, expected) in cases {
                var options = ["--phone": "010-1234-5678", "--nick": "새싹", "--birth": "1998-03-14", "--email": "a@example.com", "--gender": "female"]
                options[override[0]] = override[1]
                let arguments = ["register"] + options.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] }
                let result = try slp.run(arguments)
                XCTAssertEqual(result.status, 64, "\(override)")
                XCTAssertEqual(result.stderr, expected + "\n", "\(override)")
                XCTAssertEqual(result.stdout, "")
            }
            let nan = try slp.run("user", "update", "--age-min", "nan", "--as", "x")
            XCTAssertEqual(nan.status, 64)
            XCTAssertEqual(nan.stderr, "Error: --age-min: 'nan' is not a whole number\n")
        }
    }

    func testForbiddenNickIsRefusedInEverySpelling() {
        onEachBackend {
            let lookAlikes = ["Adm\u{131}n", "\u{430}dmin", "ａｄｍ\u{131}ｎ", "m\u{43E}d\u{435}r\u{430}tor"]  // issue 49: ı, Cyrillic а о е
            for (index, nick) in (["admin", "ＡＤＭＩＮ", "Admin", "씨발".decomposedStringWithCanonicalMapping] + lookAlikes).enumerated() {
                let result = try slp.run(["--json", "register", "--phone", "010-5555-000\(index)", "--nick", nick, "--birth", "1998-03-14",
                                          "--email", "a@example.com", "--gender", "male"])
                XCTAssertEqual(result.status, 1, nick)
                XCTAssertEqual(try result.jsonError()["code"] as? String, "nick_not_allowed")
                XCTAssertEqual(try result.jsonError()["status"] as? Int, 202)
            }
        }
    }

    func testHostileAndKoreanNicksRoundTrip() {
        onEachBackend {
            for (index, nick) in ["x');DROP--", "새싹🌱", "  공백  ", "ㅎㅇ"].enumerated() {
                let uid = try register(phone: "010-7777-000\(index)", nick: nick).stdout.trimmingCharacters(in: .newlines)
                let shown = try slp.run("--json", "user", "show", "--as", uid).jsonObject()
                XCTAssertEqual(shown["nick"] as? String, nick.trimmingCharacters(in: .whitespaces))
            }
            let sql = "x'); DROP TABLE users;--"
            let long = try register(phone: "010-7777-1000", nick: sql)
            XCTAssertEqual(long.status, 64, "24 characters is too long for a nick")
            XCTAssertEqual(try register(phone: "010-7777-1001").status, 0, "the users table is still there")
        }
    }

    /// SQLite only: about the database file itself, its directory and how its path is taken.
    func testDatabaseFileIsPrivateAndPathsAreLiteral() throws {
        let directory = try TemporaryDirectory()
        // The default location: its missing directories are made, private.
        slp = SLPBinary(database: nil, extra: ["XDG_DATA_HOME": directory.path("data")])
        XCTAssertEqual(try register().status, 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.path("data/slp/slp.sqlite"))
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        for made in ["data", "data/slp"] {
            let directoryAttributes = try FileManager.default.attributesOfItem(atPath: directory.path(made))
            XCTAssertEqual((directoryAttributes[.posixPermissions] as? NSNumber)?.intValue, 0o700, made)
        }
        slp = SLPBinary(database: directory.path("slp.sqlite"))

        var inDirectory = slp!
        inDirectory.currentDirectory = directory.url
        let result = try inDirectory.run(["--db", "file:x.db?nolock=1", "register", "--phone", "010-1234-5678", "--nick", "a",
                                          "--birth", "1990-01-01", "--email", "a@example.com", "--gender", "male"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.path("file:x.db?nolock=1")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path("x.db")))
    }

    func testUpdateAndWithdraw() {
        onEachBackend {
            let uid = try register().stdout.trimmingCharacters(in: .newlines)
            let updated = try slp.run("--json", "user", "update", "--as", uid, "--age-min", "20", "--age-max=35", "--searchable", "off",
                                      "--study", "알고리즘")
            XCTAssertEqual(updated.status, 0, updated.stderr)
            let object = try updated.jsonObject()
            XCTAssertEqual(object["ageMin"] as? Int, 20)
            XCTAssertEqual(object["ageMax"] as? Int, 35)
            XCTAssertEqual(object["searchable"] as? Int, 0)
            XCTAssertEqual(object["study"] as? String, "알고리즘")

            let inverted = try slp.run("user", "update", "--as", uid, "--age-min", "40")
            XCTAssertEqual(inverted.status, 64)
            XCTAssertEqual(inverted.stderr, "Error: the minimum age 40 is above the maximum 35\n")
            // Nothing to change is a usage error naming the options, checked before the database is opened.
            let nothing = try slp.run("--json", "user", "update", "--as", uid)
            XCTAssertEqual(nothing.status, 64)
            XCTAssertEqual(nothing.stderr, """
                Error: give at least one of --searchable, --age-min, --age-max, --gender, --study
                Usage: slp user update [--searchable <on|off>] [--age-min <age>] [--age-max <age>] [--gender <gender>] [--study <text>]
                  See 'slp user update --help' for more information.
                {"error":{"code":"nothing_to_update","status":null,"message":"give at least one of --searchable, --age-min, --age-max, --gender, --study"}}

                """)
            XCTAssertEqual(try slp.run("user", "update", "--as", "nobody").status, 64, "the usage error comes first")

            let withdrawn = try slp.run("user", "withdraw", "--as", uid, "--yes")
            XCTAssertEqual(withdrawn.status, 0)
            XCTAssertEqual(withdrawn.stdout, "Withdrawn: 새싹 (\(uid)). Your account and personal data are gone.\n")
            let gone = try slp.run("--json", "user", "show", "--as", uid)
            XCTAssertEqual(gone.status, 1)
            XCTAssertEqual(try gone.jsonError()["code"] as? String, "not_registered")
            XCTAssertEqual(try gone.jsonError()["status"] as? Int, 406)
            XCTAssertEqual(try register().status, 0, "the phone number is free again")
        }
    }

    func testOtherUsersSeeOnlyThePublicProfile() {
        onEachBackend {
            let me = try register(phone: "010-1111-1111", nick: "나").stdout.trimmingCharacters(in: .newlines)
            let other = try register(phone: "010-2222-2222", nick: "너").stdout.trimmingCharacters(in: .newlines)
            let profile = try slp.run("--json", "user", "show", other, "--as", me).jsonObject()
            XCTAssertEqual(Set(profile.keys), ["uid", "nick", "gender", "study", "comment", "reputation", "sesac", "background", "createdAt"])
            XCTAssertEqual(profile["nick"] as? String, "너")
            let text = try slp.run("user", "show", other, "--as", me)
            XCTAssertFalse(text.stdout.contains("010-2222-2222"))
            XCTAssertFalse(text.stdout.contains("1998"))
            let missing = try slp.run("--json", "user", "show", "NoSuchUser", "--as", me)
            XCTAssertEqual(missing.status, 1)
            XCTAssertEqual(try missing.jsonError()["code"] as? String, "user_not_found")
        }
    }

    func testActingUserFromEnvironmentAndMissing() {
        onEachBackend {
            let uid = try register().stdout.trimmingCharacters(in: .newlines)
            XCTAssertEqual(try slp.run(["user", "show"], environment: ["SLP_USER": uid]).status, 0)
            let missing = try slp.run("user", "show")
            XCTAssertEqual(missing.status, 1)
            XCTAssertEqual(missing.stderr, "Error: not registered: pass --as UID|PHONE or set SLP_USER to a registered user\n")
            // A user named but not registered is named back, from --as or from SLP_USER; the JSON code stays.
            let unknown = try slp.run("--json", "user", "show", "--as", "010-9999-9999")
            XCTAssertEqual(unknown.status, 1)
            XCTAssertEqual(unknown.stderr, """
                Error: no registered user '010-9999-9999'
                {"error":{"code":"not_registered","status":406,"message":"no registered user '010-9999-9999'"}}

                """)
            let fromEnvironment = try slp.run(["user", "show"], environment: ["SLP_USER": "Nobody"])
            XCTAssertEqual(fromEnvironment.status, 1)
            XCTAssertEqual(fromEnvironment.stderr, "Error: no registered user 'Nobody'\n")
            let control = try slp.run("user", "show", "--as", "a\nb")
            XCTAssertEqual(control.stderr, "Error: no registered user 'a\u{FFFD}b'\n", "what was given stays on one line")
        }
    }

    /// Over the API the same rules answer 501 with the value's code: a nick or a study line of
    /// one character and thousands of marks is refused, as on the command line; and a forbidden
    /// word in look-alike letters is 202.
    func testNickAndTextRulesOverTheAPI() {
        onEachBackend {
            let server = try ServedSLP(slp)
            let http = server.client
            let token = try slp.run("token", "--phone", "010-1234-5678").stdout.trimmingCharacters(in: .newlines)
            let zalgo = "e" + String(repeating: "%CC%B4", count: 10_000)
            let refused = try http.form("POST", "/v1/user", token: token, "birth=1995-01-01&email=s%40example.com&gender=0&nick=\(zalgo)&phoneNumber=01012345678")
            XCTAssertEqual(refused.status, 501, refused.text)
            XCTAssertTrue(refused.text.contains(#""code":"invalid_nick""#), refused.text)
            XCTAssertTrue(refused.text.contains("at most 320 bytes (got 20001)"), refused.text)
            for lookAlike in ["Adm%C4%B1n", "%D0%B0dmin"] {
                let forbidden = try http.form("POST", "/v1/user", token: token, "birth=1995-01-01&email=s%40example.com&gender=0&nick=\(lookAlike)&phoneNumber=01012345678")
                XCTAssertEqual(forbidden.status, 202, forbidden.text)
                XCTAssertTrue(forbidden.text.contains(#""code":"nick_not_allowed""#), forbidden.text)
            }
            XCTAssertEqual(try http.get("/v1/user", token: token).status, 406, "nothing registered")
            XCTAssertEqual(try http.form("POST", "/v1/user", token: token, "birth=1995-01-01&email=s%40example.com&gender=0&nick=Ramin&phoneNumber=01012345678").status, 200)
            let study = try http.form("PUT", "/v1/user/mypage", token: token, "ageMax=65&ageMin=18&gender=0&searchable=1&study=e" + String(repeating: "%CC%B4", count: 9))
            XCTAssertEqual(study.status, 501, study.text)
            XCTAssertTrue(study.text.contains(#""code":"invalid_study""#), study.text)
            XCTAssertEqual(server.stop(), 0)
        }
    }
}
