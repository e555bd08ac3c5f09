import Foundation
import XCTest

/// Issue 49's slow headers: 10,000 connections from one address, each sending a byte of its
/// headers every 3 s, under `server.max-read-idle = 5`. lighttpd restarts that timeout at every
/// byte, has no deadline for a request's headers as a whole, and counts an address only once its
/// headers are in, so without help they take every slot lighttpd has; docs/DEPLOY.md's nftables
/// recipe, run here exactly as written, bounds them per address at accept. `slp serve` runs on
/// port 1210 in a network namespace of its own (the recipe's port; the rules touch nothing of the
/// machine's), with 1,088 descriptors: a budget of 512 connections. Root only (CI runs as root):
/// elsewhere these fail saying so. lighttpd and the kernel alone hold or refuse the connections,
/// and the other address's request reads no store: SQLite only.
final class APISlowHeadersFirewallCLITests: XCTestCase {
    /// The recipe's port, free in a namespace of its own.
    private let port = 1210
    /// The descriptors serve gets: half of them, less a margin, are its connections (512).
    private let descriptors = 1_088

    func testWithoutTheFirewallRecipeSlowHeadersFromOneAddressTakeEverySlot() {
        TestBackend.each(self) { backend, database, _ in
            guard backend == .sqlite else { return }
            let (server, namespace) = try served(database)
            let attack = try namespace.run { try SlowHeaders(count: 10_000, port: server.port, from: "127.0.0.1") }
            defer { attack.close() }
            XCTAssertTrue(attack.waitUntil { $0.count(.open) >= 512 }, "\(attack.count(.open)) connected")
            // Past lighttpd's read timeout (each open one has sent three bytes, 3 s apart): none dropped.
            XCTAssertTrue(attack.waitUntil { $0.leastSent >= 3 })
            XCTAssertEqual(attack.count(.ended), 0, "lighttpd dropped none")
            var other = server.client
            other.source = "127.0.0.2"
            other.patience = 5
            XCTAssertThrowsError(try namespace.run { try other.get("/v1/user", token: nil) }, "another address is not answered")
            // The attack, not a fault, kept it out: gone, the other address is answered.
            attack.close()
            other.patience = SLPBinary.patience
            XCTAssertEqual(try namespace.run { try other.get("/v1/user", token: nil) }.status, 401)
            XCTAssertEqual(server.stop(), 0)
        }
    }

    func testTheFirewallRecipeOfDeployKeepsAnotherAddressAnsweredUnderSlowHeaders() {
        TestBackend.each(self) { backend, database, _ in
            guard backend == .sqlite else { return }
            let (server, namespace) = try served(database)
            try namespace.nft(try Self.recipe())
            let attack = try namespace.run { try SlowHeaders(count: 10_000, port: server.port, from: "127.0.0.1") }
            defer { attack.close() }
            XCTAssertTrue(attack.waitUntil { $0.count(.pending) == 0 }, "every connection connected or refused")
            XCTAssertEqual(attack.count(.open), 256, "the rule's bound")
            var other = server.client
            other.source = "127.0.0.2"
            XCTAssertEqual(try namespace.run { try other.get("/v1/user", token: nil) }.status, 401)
            // Past lighttpd's read timeout the 256 are still held, and the other address still answered.
            XCTAssertTrue(attack.waitUntil { $0.leastSent >= 3 })
            XCTAssertEqual(attack.count(.open), 256)
            XCTAssertEqual(try namespace.run { try other.get("/v1/user", token: nil) }.status, 401)
            // Gone first: a stop lets connections under way finish, slow headers for up to 10 s.
            attack.close()
            XCTAssertEqual(server.stop(), 0)
        }
    }

    /// `slp serve` in a namespace of its own on the recipe's port, ready.
    private func served(_ database: String) throws -> (ServedSLP, NetworkNamespace) {
        try NetworkNamespace.requireRoot()
        var slp = SLPBinary(database: database)
        slp.launcher = NetworkNamespace.launcher(descriptors: descriptors)
        let server = try ServedSLP(slp, port: port)
        return (server, NetworkNamespace(pid: server.process.pid))
    }

    /// docs/DEPLOY.md's nftables recipe, as written there: the code block that holds `table inet slp_serve`.
    static func recipe() throws -> String {
        "\n" + (try DeployDocs.block(containing: "table inet slp_serve"))
    }
}
