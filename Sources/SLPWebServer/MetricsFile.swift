#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CLinux
import SLPSupport

/// What every slp process of one `slp serve` counts, in one file of serve's private directory
/// that each maps (`SharedFileMapping`): a fixed layout where every region has one writer, so
/// counting takes no lock and no database write, and the metrics page, made by another process,
/// reads the numbers as they are. The layout is defined here alone.
///
/// Layout (numbers 64-bit, the machine's order: the file never leaves the host):
/// - a header of `headerSize` bytes: `magic`, then at 16 how many request pairs and at 24 how
///   many routes are published;
/// - `processSlots` process slots of `processSlotSize` bytes, one per `MetricsProcess`: its pid
///   (0: none), then its `MetricsValue`s and the delivery histogram's bucket counts;
/// - `maxPairs` request pairs of `pairSize` bytes: the count, the status, the route's length
///   and bytes (serve writes them, from lighttpd's access lines);
/// - `maxRoutes` route latency entries of `routeSize` bytes: the route's length and bytes, the
///   sum of durations in microseconds, the count, one count per bucket of `latencyBuckets`.
/// A new pair or route is written whole before the count that publishes it. Sendable: every
/// number is read and written whole (atomically), each by one thread.
package final class MetricsFile: @unchecked Sendable {
    static let magic = Array("slp metrics 1\0\0\0".utf8)
    static let headerSize = 64
    static let pairsPublished = 16
    static let routesPublished = 24
    /// serve, lighttpd, the hub, the push sender, the health answerer, then the SCGI workers.
    static let maxWorkers = 64
    static let processSlots = MetricsProcess.firstWorker + maxWorkers
    static let processSlotSize = 8 * (1 + MetricsValue.allCases.count + latencyBuckets.count)
    static let maxPairs = 1_024
    static let pairSize = 96
    static let maxRoutes = 128
    static let routeSize = 256
    /// The longest route a pair or a route entry keeps.
    static let maxRouteBytes = 79
    /// The request duration histogram's upper bounds, in microseconds (0.5 ms to 10 s).
    package static let latencyBuckets: [UInt64] = [500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000, 100_000, 250_000, 500_000, 1_000_000, 2_500_000, 5_000_000, 10_000_000]

    static var processesOffset: Int { headerSize }
    static var pairsOffset: Int { processesOffset + processSlots * processSlotSize }
    static var routesOffset: Int { pairsOffset + maxPairs * pairSize }
    package static var size: Int { routesOffset + maxRoutes * routeSize }

    private let mapping: SharedFileMapping
    private var bytes: UnsafeMutableRawBufferPointer { mapping.unlockedBytes }

    /// The file at `path`, made when missing; refused (thrown) when it holds something else.
    package init(path: String) throws(SystemCallError) {
        mapping = try SharedFileMapping(path: path, size: Self.size) { bytes in
            if bytes.prefix(Self.headerSize).allSatisfy({ $0 == 0 }) { Self.magic.withUnsafeBytes { bytes.copyMemory(from: $0) } }
            return bytes.prefix(Self.magic.count).elementsEqual(Self.magic)
        }
    }

    private func number(at offset: Int) -> UnsafeMutablePointer<UInt64> {
        (bytes.baseAddress! + offset).assumingMemoryBound(to: UInt64.self)
    }

    private func load(_ offset: Int) -> UInt64 { slp_load_acquire(number(at: offset)) }
    private func store(_ value: UInt64, _ offset: Int) { slp_store_release(number(at: offset), value) }
    private func add(_ amount: UInt64, _ offset: Int) { store(load(offset) &+ amount, offset) }

    private static func slotOffset(_ process: MetricsProcess) -> Int { processesOffset + process.slot * processSlotSize }
    private static func valueOffset(_ process: MetricsProcess, _ value: MetricsValue) -> Int { slotOffset(process) + 8 + 8 * value.rawValue }

    // MARK: Process slots (each written by its process, or by serve for the ones it starts)

    /// Marks `process` as `pid` (0: none), its values zeroed.
    package func register(_ process: MetricsProcess, pid: Int32) {
        zero(process)
        store(UInt64(UInt32(bitPattern: pid)), Self.slotOffset(process))
    }

    /// A free worker slot (never used, or its process gone) claimed for `pid`; nil when all
    /// 64 are held by living processes.
    package func claimWorkerSlot(pid: Int32) -> MetricsProcess? {
        for index in 0..<Self.maxWorkers {
            let process = MetricsProcess.worker(index)
            let holder = number(at: Self.slotOffset(process))
            let current = slp_load_acquire(holder)
            if current != 0, kill(pid_t(truncatingIfNeeded: current), 0) == 0 || errno != ESRCH { continue }
            guard slp_compare_exchange(holder, current, UInt64(UInt32(bitPattern: pid))) != 0 else { continue }
            zero(process)
            return process
        }
        return nil
    }

    private func zero(_ process: MetricsProcess) {
        for offset in stride(from: Self.slotOffset(process) + 8, to: Self.slotOffset(process) + Self.processSlotSize, by: 8) { store(0, offset) }
    }

    package func set(_ value: MetricsValue, of process: MetricsProcess, to amount: UInt64) {
        store(amount, Self.valueOffset(process, value))
    }

    package func increment(_ value: MetricsValue, of process: MetricsProcess, by amount: UInt64 = 1) {
        add(amount, Self.valueOffset(process, value))
    }

    /// One delivery of the hub, `microseconds` after its commit.
    package func observeDelivery(of process: MetricsProcess, microseconds: UInt64) {
        add(microseconds, Self.valueOffset(process, .deliverySum))
        add(1, Self.valueOffset(process, .deliveryCount))
        if let bucket = Self.latencyBuckets.firstIndex(where: { microseconds <= $0 }) { add(1, Self.deliveryBucketOffset(process, bucket)) }
    }

    /// The hub's deliveries: bucket counts (not cumulative), sum in microseconds, count.
    package func deliveries(of process: MetricsProcess) -> (buckets: [UInt64], sumMicroseconds: UInt64, count: UInt64) {
        (Self.latencyBuckets.indices.map { load(Self.deliveryBucketOffset(process, $0)) }, value(.deliverySum, of: process), value(.deliveryCount, of: process))
    }

    private static func deliveryBucketOffset(_ process: MetricsProcess, _ bucket: Int) -> Int {
        valueOffset(process, .deliveryCount) + 8 + 8 * bucket
    }

    package func pid(of process: MetricsProcess) -> Int32 {
        Int32(truncatingIfNeeded: load(Self.slotOffset(process)))
    }

    package func value(_ value: MetricsValue, of process: MetricsProcess) -> UInt64 {
        load(Self.valueOffset(process, value))
    }

    // MARK: Requests (serve alone writes them)

    /// Adds one request to the pair `pair` (an index from `addPair`) and its duration to the
    /// route entry `route` (from `addRoute`).
    func count(pair: Int, route: Int, microseconds: UInt64) {
        add(1, Self.pairsOffset + pair * Self.pairSize)
        let entry = Self.routesOffset + route * Self.routeSize
        add(microseconds, entry + 88)
        add(1, entry + 96)
        if let bucket = Self.latencyBuckets.firstIndex(where: { microseconds <= $0 }) { add(1, entry + 104 + 8 * bucket) }
    }

    /// Publishes a new pair of `route` and `status`, count 0: its index, nil when the table is full.
    func addPair(route: String, status: Int) -> Int? {
        let index = Int(load(Self.pairsPublished))
        guard index < Self.maxPairs else { return nil }
        let entry = Self.pairsOffset + index * Self.pairSize
        store(0, entry)
        store(UInt64(max(0, status)), entry + 8)
        write(route, at: entry + 16)
        store(UInt64(index + 1), Self.pairsPublished)
        return index
    }

    /// Publishes a new route latency entry, all zero: its index, nil when the table is full.
    func addRoute(_ route: String) -> Int? {
        let index = Int(load(Self.routesPublished))
        guard index < Self.maxRoutes else { return nil }
        let entry = Self.routesOffset + index * Self.routeSize
        write(route, at: entry)
        for offset in stride(from: 88, to: 104 + 8 * Self.latencyBuckets.count, by: 8) { store(0, entry + offset) }
        store(UInt64(index + 1), Self.routesPublished)
        return index
    }

    private func write(_ route: String, at offset: Int) {
        let utf8 = Array(route.utf8.prefix(Self.maxRouteBytes))
        bytes[offset] = UInt8(utf8.count)
        for (index, byte) in utf8.enumerated() { bytes[offset + 1 + index] = byte }
    }

    private func route(at offset: Int) -> String {
        let length = min(Int(bytes[offset]), Self.maxRouteBytes)
        return String(decoding: bytes[(offset + 1)..<(offset + 1 + length)], as: UTF8.self)
    }

    // MARK: Reading

    /// Every published request pair: route, status, count.
    package func requestPairs() -> [(route: String, status: Int, count: UInt64)] {
        (0..<min(Int(load(Self.pairsPublished)), Self.maxPairs)).map { index in
            let entry = Self.pairsOffset + index * Self.pairSize
            return (route(at: entry + 16), Int(load(entry + 8)), load(entry))
        }
    }

    /// Every published route's latency: bucket counts (not cumulative), sum in microseconds, count.
    package func routeLatencies() -> [(route: String, buckets: [UInt64], sumMicroseconds: UInt64, count: UInt64)] {
        (0..<min(Int(load(Self.routesPublished)), Self.maxRoutes)).map { index in
            let entry = Self.routesOffset + index * Self.routeSize
            return (route(at: entry), Self.latencyBuckets.indices.map { load(entry + 104 + 8 * $0) }, load(entry + 88), load(entry + 96))
        }
    }
}
