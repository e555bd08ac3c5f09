import Foundation
import SLPTestSupport

/// Checks a GeoJSON document with the PyPI `geojson` package (`pip install geojson`; `.ci/run`
/// installs it), as a second opinion independent of slp's own code: it parses the document
/// into its geometry objects and reports what RFC 7946 forbids (unclosed or short rings,
/// positions of the wrong size, unknown types).
enum GeoJSONValidator {
    static let script = """
        import sys, geojson
        document = geojson.loads(sys.stdin.read())
        if not isinstance(document, geojson.FeatureCollection):
            sys.exit("not a FeatureCollection but " + type(document).__name__)
        problems = [str(error) for error in document.errors() if error]
        for feature in document["features"]:
            if not isinstance(feature, geojson.Feature):
                problems.append("not a Feature: " + type(feature).__name__)
            elif not isinstance(feature.geometry, (geojson.Point, geojson.Polygon, geojson.MultiPolygon)):
                problems.append("unexpected geometry: " + type(feature.geometry).__name__)
        if problems:
            sys.exit("; ".join(problems))
        print(len(document["features"]))
        """

    /// The number of features, after the package found nothing wrong; throws what it found.
    static func validate(_ document: String) throws -> Int {
        let outcome = try TimedProcess.run(
            ["/usr/bin/env", "python3", "-c", script], environment: ProcessInfo.processInfo.environment, stdin: Data(document.utf8))
        let printed = outcome.stdoutText, problems = outcome.stderrText
        if problems.contains("No module named 'geojson'") {
            throw ToolError("the geojson package is missing: pip install geojson (.ci/run installs it)")
        }
        guard outcome.status == 0, let count = Int(printed.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw ToolError("geojson refused the document: \(problems)")
        }
        return count
    }
}
