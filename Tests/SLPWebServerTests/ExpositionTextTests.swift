@testable import SLPWebServer
import XCTest

final class ExpositionTextTests: XCTestCase {
    func testFamilyAndSamplesInVersion004() {
        var page = ExpositionText()
        page.family("slp_things_total", "counter", help: "Things, with a \\ and a\nnewline.")
        page.sample("slp_things_total", ["route": "/v1/chat/{uid}", "status": "200"], 3)
        page.sample("slp_things_total", ["route": "a\"b\\c\nd"], 0.25)
        XCTAssertEqual(page.text, """
            # HELP slp_things_total Things, with a \\\\ and a\\nnewline.
            # TYPE slp_things_total counter
            slp_things_total{route="/v1/chat/{uid}",status="200"} 3
            slp_things_total{route="a\\"b\\\\c\\nd"} 0.25

            """)
    }

    func testHistogramBucketsAreCumulativeWithInfSumAndCount() {
        var page = ExpositionText()
        page.histogram("d_seconds", [("route", "/v1/user")], bounds: [0.001, 0.5], counts: [2, 1], sum: 1.5, count: 4)
        XCTAssertEqual(page.text, """
            d_seconds_bucket{route="/v1/user",le="0.001"} 2
            d_seconds_bucket{route="/v1/user",le="0.5"} 3
            d_seconds_bucket{route="/v1/user",le="+Inf"} 4
            d_seconds_sum{route="/v1/user"} 1.5
            d_seconds_count{route="/v1/user"} 4

            """)
    }

    func testNumbersAsPrometheusReadsThem() {
        XCTAssertEqual(ExpositionText.number(.infinity), "+Inf")
        XCTAssertEqual(ExpositionText.number(-.infinity), "-Inf")
        XCTAssertEqual(ExpositionText.number(.nan), "NaN")
        XCTAssertEqual(ExpositionText.number(1_795_927_031), "1795927031")
        XCTAssertEqual(ExpositionText.number(0.0005), "0.0005")
    }
}
