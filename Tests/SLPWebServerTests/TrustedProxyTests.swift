@testable import SLPWebServer
import XCTest

/// `--trusted-proxy` values: an address or a network, held as lighttpd matches them (a single
/// address as all its bits, so that any spelling of the peer matches), and refused otherwise.
final class TrustedProxyTests: XCTestCase {
    func testAddressesAndNetworksAreHeldAsNetworks() {
        let held = [
            "127.0.0.1": "127.0.0.1/32", "10.0.0.0/8": "10.0.0.0/8", "192.0.2.7/32": "192.0.2.7/32", "::1": "::1/128",
            "fd00:0:0::/8": "fd00::/8", "2001:DB8::1/64": "2001:db8::1/64", "::ffff:10.0.0.1": "::ffff:10.0.0.1/128",
        ]
        for (given, network) in held { XCTAssertEqual(TrustedProxy(given)?.network, network, given) }
    }

    func testAnythingElseIsRefused() {
        let refused = [
            "", "/8", "1.2.3", "1.2.3.4.5", "300.1.1.1", "proxy.example.com", "10.0.0.0/", "10.0.0.0/0", "10.0.0.0/33", "::/0",
            "::1/129", "10.0.0.0/8/8", "10.0.0.0/+8", "10.0.0.0/ 8", "10.0.0.0/0008", " 10.0.0.1", "10.0.0.1\"", "[::1]",
        ]
        for text in refused { XCTAssertNil(TrustedProxy(text), text) }
    }

    /// mod_extforward runs before the connection limit's script, which never runs for a
    /// trusted proxy's own requests; without proxies neither appears.
    func testTheConfigurationTrustsOnlyTheProxiesNamed() throws {
        let directory = try ServeDirectory(temporaryDirectory: nil)
        defer { directory.remove() }
        var configuration = LighttpdConfiguration(directory: directory, host: "127.0.0.1", port: 1210, passed: [], workers: 4, maxFDs: 1_024)
        XCTAssertFalse(configuration.text.contains("extforward"), configuration.text)
        configuration.trustedProxies = ["127.0.0.9", "fd00::/8"].compactMap(TrustedProxy.init)
        let text = configuration.text
        XCTAssertTrue(text.contains("server.modules = (\"mod_extforward\", \"mod_magnet\","), text)
        XCTAssertTrue(text.contains("extforward.forwarder = (\"127.0.0.9/32\" => \"trust\", \"fd00::/8\" => \"trust\")"), text)
        XCTAssertTrue(text.contains("extforward.headers = (\"X-Forwarded-For\")"), text)
        // A proxy's own requests are held to the sizes, never to the connection limit.
        XCTAssertTrue(text.contains("$HTTP[\"remoteip\"] == \"fd00::/8\" {\n  magnet.attract-raw-url-to = (\"\(directory.requestSize)\")\n"), text)
    }
}
