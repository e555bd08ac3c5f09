import Foundation

/// What `slp-bench --web` prints: browser_bench.py's figures (its JSON) with issue 52's goals
/// beside them, and the hub's own view of delivery.
struct WebReport {
    let figures: [String: Any]
    let hubDelivery: HubDeliveryHistogram

    static let ownBytesGoal = 100_000.0
    static let mapGoalMilliseconds = 1_000.0
    static let deliveryGoalMilliseconds = 100.0

    func print() {
        let load = figures["firstLoad"] as? [String: Any] ?? [:]
        let queue = figures["queueButton"] as? [String: Any] ?? [:]
        let chat = figures["chat"] as? [String: Any] ?? [:]
        let number = { (object: [String: Any], key: String) in (object[key] as? NSNumber)?.doubleValue ?? .nan }
        let ms = { (value: Double) in value.isFinite ? String(format: value < 10 ? "%.1f" : "%.0f", value) : "–" }
        let verdict = { (value: Double, goal: Double) in value.isFinite ? (value <= goal ? "met" : "NOT met") : "–" }
        Swift.print("""

            == the web client (goals: issue 52)
            first load, empty cache: slp's own files \(Int(number(load, "ownRequests"))) requests, \(Int(number(load, "ownBytes"))) bytes as sent \
            (\(Int(number(load, "ownDecoded"))) decoded, \(Int(number(load, "ownTransfer"))) with headers)   goal ≤ 100 KB: \
            \(verdict(number(load, "ownBytes"), Self.ownBytesGoal))
               Leaflet \(Int(number(load, "leafletRequests"))) requests, \(Int(number(load, "leafletBytes"))) bytes; \
            the API \(Int(number(load, "apiRequests"))) requests, \(Int(number(load, "apiBytes"))) bytes
            map, first load: \(Int(number(load, "markers"))) markers in the DOM \(ms(number(load, "markersInDOM"))) ms, painted \
            \(ms(number(load, "markersPainted"))) ms after the navigation's start   goal ≤ 1 s: \(verdict(number(load, "markersPainted"), Self.mapGoalMilliseconds))
               (slp's files all in at \(ms(number(load, "ownLoaded"))) ms, the search's answer at \(ms(number(load, "searchAnswered"))) ms)
            map, queue button: \(Int(number(queue, "markers"))) markers in the DOM \(ms(number(queue, "inDOM"))) ms, painted \
            \(ms(number(queue, "painted"))) ms after the click   goal ≤ 1 s: \(verdict(number(queue, "painted"), Self.mapGoalMilliseconds))
            """)
        let spread = { (key: String) -> (p50: Double, p99: Double, max: Double) in
            let values = chat[key] as? [String: Any] ?? [:]
            return (number(values, "p50"), number(values, "p99"), number(values, "max"))
        }
        let line = { (label: String, key: String) in
            let value = spread(key)
            Swift.print("   \(label.padding(toLength: 46, withPad: " ", startingAt: 0)) p50 \(ms(value.p50)), p99 \(ms(value.p99)), max \(ms(value.max)) ms")
        }
        let whole = spread("postToLine")
        Swift.print("chat to the page over \(chat["transport"] as? String ?? "?"), \(Int(number(chat, "messages"))) messages at 5/s: "
            + "p50 \(ms(whole.p50)), p99 \(ms(whole.p99)) ms from the POST's start to the line   goal p99 ≤ 100 ms: "
            + verdict(whole.p99, Self.deliveryGoalMilliseconds))
        line("POST's start → its answer (the sender waits)", "postAnswered")
        line("POST's start → createdAt (in the transaction)", "postToCreatedAt")
        line("createdAt → the frame in the page (hub)", "createdAtToFrame")
        line("the frame → the line in the chat (page)", "frameToLine")
        Swift.print("   the hub's slp_event_delivery_seconds (createdAt → emit, every event): \(Int(hubDelivery.count)) events, "
            + "mean \(ms(hubDelivery.meanMilliseconds)) ms, p50 \(hubDelivery.bound(0.5)), p99 \(hubDelivery.bound(0.99))")
    }
}
