@testable import SLPWebServer
import XCTest

final class RouteTableTests: XCTestCase {
    func testEachPathHasItsTemplateAndNoUidReachesIt() {
        XCTAssertEqual(RouteTable.template(of: "/v1/user"), "/v1/user")
        XCTAssertEqual(RouteTable.template(of: "/v1/user/"), "/v1/user")
        XCTAssertEqual(RouteTable.template(of: "/v1/queue/rate/abcDEF123"), "/v1/queue/rate/{uid}")
        XCTAssertEqual(RouteTable.template(of: "/v1/chat/someone"), "/v1/chat/{uid}")
        XCTAssertEqual(RouteTable.template(of: "/v1/events"), "/v1/events")
        XCTAssertEqual(RouteTable.template(of: "/socket.io"), "/socket.io/")
        XCTAssertEqual(RouteTable.template(of: "/socket.io/"), "/socket.io/")
        XCTAssertEqual(RouteTable.template(of: "/healthz"), "/healthz")
    }

    func testPathsServeDoesNotHaveHaveNoTemplate() {
        for path in ["", "v1/user", "/v1", "/v1/", "/v1//user", "/v1/chat", "/v1/chat/a/b", "/v1/queue/rate/", "/V1/user", "/healthz/x", "/socket.io/x", "/favicon.ico", "/index.html", "/app", "/app/abc", "/app//main.js", "/vendor/leaflet"] {
            XCTAssertNil(RouteTable.template(of: path), path)
        }
    }

    func testTheVariableSegmentIsGivenAsThePathHasIt() throws {
        let (route, values) = try XCTUnwrap(RouteTable.match("/v1/chat/x%20y/"))
        XCTAssertEqual(route.name, .chat)
        XCTAssertEqual(values, ["x%20y"])
    }

    func testEveryNameAndTemplateIsDeclaredOnce() {
        XCTAssertEqual(Set(RouteTable.routes.map(\.name)), Set(RouteName.allCases))
        XCTAssertEqual(RouteTable.routes.count, RouteName.allCases.count)
        XCTAssertEqual(Set(RouteTable.routes.map(\.template)).count, RouteTable.routes.count)
    }

    func testTheWebClientsPathsHoldTheirRestWithItsSlashes() throws {
        XCTAssertEqual(RouteTable.template(of: "/"), "/")
        let (route, values) = try XCTUnwrap(RouteTable.match("/app/0123abcd/views/chat.js"))
        XCTAssertEqual(route.name, .pageFile)
        XCTAssertEqual(route.template, "/app/{hash}/{path+}")
        XCTAssertEqual(values, ["0123abcd", "views/chat.js"])
        XCTAssertEqual(RouteTable.template(of: "/vendor/leaflet/images/marker-icon.png"), "/vendor/leaflet/{path+}")
    }

    func testLighttpdServesExactlyTheWebClientsPathsItself() throws {
        let pattern = try Regex(RouteTable.exactPattern(answeredBy: .files))
        for path in ["/", "/app/0123/main.js", "/app/0123/views/chat.js", "/vendor/leaflet/leaflet.js", "/vendor/leaflet/images/a.png"] {
            XCTAssertNotNil(path.wholeMatch(of: pattern), path)
        }
        for path in ["/v1/user", "/healthz", "/socket.io/", "/app/main.js", "/app/0123", "/vendor/leaflet", "/index.html", "/favicon.ico"] {
            XCTAssertNil(path.wholeMatch(of: pattern), path)
        }
    }

    func testOnlyHealthAndTheWebClientArePublic() {
        XCTAssertEqual(RouteTable.routes.filter { !$0.needsToken }.map(\.template), ["/healthz", "/", "/app/{hash}/{path+}", "/vendor/leaflet/{path+}"])
        XCTAssertEqual(RouteTable.routes.filter { $0.answerer == .files }.map(\.name), [.page, .pageFile, .leaflet])
    }

    func testLighttpdHandsTheHubExactlyItsPaths() throws {
        XCTAssertEqual(RouteTable.pattern(answeredBy: .hub), "^/(v1/events|socket\\.io)(/|$)")
        let pattern = try Regex(RouteTable.pattern(answeredBy: .hub))
        for path in ["/v1/events", "/v1/events/", "/socket.io/", "/socket.io"] { XCTAssertNotNil(path.firstMatch(of: pattern), path) }
        for path in ["/v1/eventsx", "/socketxio/", "/v1/user", "/healthz"] { XCTAssertNil(path.firstMatch(of: pattern), path) }
        XCTAssertEqual(RouteTable.roots(answeredBy: .workers), ["v1", "healthz"])
    }

    func testTheConfigurationRoutesFromTheTable() throws {
        let directory = try ServeDirectory(temporaryDirectory: nil)
        defer { directory.remove() }
        let text = LighttpdConfiguration(directory: directory, host: "127.0.0.1", port: 1210, passed: [], workers: nil, maxFDs: 1_024).text
        XCTAssertTrue(text.contains("$HTTP[\"url\"] =~ \"^/(v1/events|socket\\.io)(/|$)\" {"), text)
        XCTAssertTrue(text.contains("cgi.assign = (\"/v1\" => \"\", \"/healthz\" => \"\")"), text)
    }
}
