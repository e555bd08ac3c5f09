/// Prometheus' text exposition format, version 0.0.4: each metric family's HELP and TYPE lines,
/// then its samples, label values escaped (`\\`, `\"`, `\n`), numbers as Go's `strconv`
/// writes them (`+Inf`, integers without a fraction).
package struct ExpositionText: Sendable {
    /// The Content-Type of a page in this format.
    package static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    package private(set) var text = ""

    package init() {}

    /// Starts a family: `type` is `counter`, `gauge` or `histogram`.
    package mutating func family(_ name: String, _ type: String, help: String) {
        text += "# HELP \(name) \(Self.escapedHelp(help))\n# TYPE \(name) \(type)\n"
    }

    package mutating func sample(_ name: String, _ labels: KeyValuePairs<String, String> = [:], _ value: Double) {
        sample(name, Array(labels), value)
    }

    package mutating func sample(_ name: String, _ labels: [(key: String, value: String)], _ value: Double) {
        text += name
        if !labels.isEmpty {
            text += "{" + labels.map { "\($0.key)=\"\(Self.escapedLabel($0.value))\"" }.joined(separator: ",") + "}"
        }
        text += " " + Self.number(value) + "\n"
    }

    /// A histogram's samples: `bounds` the buckets' upper bounds, `counts` the observations in
    /// each (not cumulative; those above the last bound are `count` minus their sum).
    package mutating func histogram(
        _ name: String, _ labels: [(key: String, value: String)], bounds: [Double], counts: [UInt64], sum: Double, count: UInt64
    ) {
        var cumulative: UInt64 = 0
        for (bound, bucketCount) in zip(bounds, counts) {
            cumulative &+= bucketCount
            sample(name + "_bucket", labels + [("le", Self.number(bound))], Double(cumulative))
        }
        sample(name + "_bucket", labels + [("le", "+Inf")], Double(max(count, cumulative)))
        sample(name + "_sum", labels, sum)
        sample(name + "_count", labels, Double(max(count, cumulative)))
    }

    package static func number(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    static func escapedLabel(_ value: String) -> String {
        value.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"").replacingAll("\n", with: "\\n")
    }

    static func escapedHelp(_ value: String) -> String {
        value.replacingAll("\\", with: "\\\\").replacingAll("\n", with: "\\n")
    }
}

extension String {
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        guard contains(target) else { return self }
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
