#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPSupport

/// Grows a deterministic synthetic population: the same options and first index always give
/// the same people. Studies follow a Zipf-like popularity over `StudyVocabulary`.
struct PopulationGenerator {
    private var random: SplitMix64
    private let options: SeedOptions
    private let now: Date
    private let today: CalendarDate
    /// The number of the next person drawn.
    private(set) var index: Int
    private let studies: [Study]
    /// Cumulative Zipf weights over `studies`.
    private let cumulative: [Double]
    private let hotspotCenters: [(north: Double, east: Double)]
    /// Reused while writing a person's texts.
    private var scratch: [UInt8] = []
    private let places: ShownPlaces
    /// The points of the cells met so far: a crowd shares few cells, and each is hashed once.
    private var shownPoints: [PlaceCell: Coordinate] = [:]
    /// Past this many cells the points are forgotten, so that a population spread over the
    /// world holds no more than this.
    private static let keptPoints = 1 << 20

    /// Synthetic phone numbers are 019-XXXX-XXXX, numbered from 019-0000-0000.
    static let phonePrefix = "+8219"
    private static let phonePrefixBytes = Array(phonePrefix.utf8)
    private static let emailPrefix = Array("seed".utf8)
    private static let emailSuffix = Array("@example.com".utf8)
    private static let nickPrefix = Array("새싹".utf8)
    /// How many synthetic numbers there are.
    static let capacity = 100_000_000

    init(options: SeedOptions, firstIndex: Int, now: Date, places: ShownPlaces) {
        random = SplitMix64(seed: options.seed &* 0x2545_F491_4F6C_DD1D &+ UInt64(firstIndex))
        self.options = options
        self.now = now
        today = CalendarDate(utcDayOf: now)
        index = firstIndex
        self.places = places
        studies = StudyVocabulary.words.compactMap { try? Study($0) }
        var total = 0.0
        cumulative = studies.indices.map { rank in
            total += 1 / Double(rank + 1)
            return total
        }
        var spots = SplitMix64(seed: options.seed)
        let spread = options.spreadKilometres * 1_000
        hotspotCenters = (0..<8).map { _ in
            let distance = spread * 0.8 * spots.nextUnit().squareRoot()
            let angle = 2 * Double.pi * spots.nextUnit()
            return (distance * Elementary.cos(angle), distance * Elementary.sin(angle))
        }
    }

    /// The next person.
    mutating func next() -> WaitingUser {
        defer { index += 1 }
        // The texts are written as bytes: a million people are drawn at a time.
        var decimal: [UInt8] = []
        decimal.reserveCapacity(20)
        var rest = index.magnitude
        repeat {
            decimal.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        if index < 0 { decimal.append(UInt8(ascii: "-")) }
        decimal.reverse()
        var scratch: [UInt8] = []
        swap(&scratch, &self.scratch)
        func text(_ build: (inout [UInt8]) -> Void) -> String {
            scratch.removeAll(keepingCapacity: true)
            build(&scratch)
            return String(decoding: scratch, as: UTF8.self)
        }
        let phone = text {
            $0 += PopulationGenerator.phonePrefixBytes
            for _ in decimal.count..<max(decimal.count, 8) { $0.append(UInt8(ascii: "0")) }
            $0 += decimal
        }
        let email = text {
            $0 += PopulationGenerator.emailPrefix
            $0 += decimal
            $0 += PopulationGenerator.emailSuffix
        }
        let nick = text {
            $0 += PopulationGenerator.nickPrefix
            $0 += decimal
        }
        swap(&scratch, &self.scratch)
        let uid = UserID.random(using: &random)
        let age = 18 + Int(random.next() % 28)
        let birth = CalendarDate(utcDayOf: today.startOfDayUTC.addingTimeInterval(
            -Double(age * 365 + Int(random.next() % 365)) * 86_400))
        var ageRange = AgeRange.all
        if random.nextUnit() < 0.2 {
            let low = 18 + Int(random.next() % 20)
            ageRange = (try? AgeRange(min: low, max: min(65, low + 5 + Int(random.next() % 20)))) ?? .all
        }
        let user = User(
            uid: uid, phone: PhoneNumber(trustedE164: phone), email: Email(trusted: email), nick: Nick(stored: nick),
            birth: BirthDate(stored: birth), gender: random.next() % 2 == 0 ? .female : .male,
            sesac: Int(random.next() % 5), background: Int(random.next() % 8),
            ageRange: ageRange, searchable: random.nextUnit() >= 0.05, createdAt: now)
        let coordinate = position()
        let entry = QueueEntry(uid: uid, coordinate: coordinate, studies: studyList(), enteredAt: now, shownCoordinate: shown(coordinate))
        return WaitingUser(user: user, entry: entry)
    }

    /// Where the API shows someone standing at `coordinate`.
    private mutating func shown(_ coordinate: Coordinate) -> Coordinate {
        let cell = PlaceCell(containing: coordinate)
        if let point = shownPoints[cell] { return point }
        if shownPoints.count >= PopulationGenerator.keptPoints { shownPoints.removeAll(keepingCapacity: true) }
        let point = places.point(of: cell)
        shownPoints[cell] = point
        return point
    }

    /// A point in the disk, or near a hotspot for most people when `hotspots` is on.
    private mutating func position() -> Coordinate {
        let spread = options.spreadKilometres * 1_000
        var north: Double
        var east: Double
        if options.hotspots && random.nextUnit() < 0.8 {
            // Earlier hotspots are busier; people gather within a few hundred metres.
            let spot = hotspotCenters[min(7, Int(-Elementary.log(1 - random.nextUnit()) * 2.5))]
            let radius = 350 * (-2 * Elementary.log(max(1e-12, random.nextUnit()))).squareRoot()
            let angle = 2 * Double.pi * random.nextUnit()
            north = spot.north + radius * Elementary.cos(angle)
            east = spot.east + radius * Elementary.sin(angle)
        } else {
            let radius = spread * random.nextUnit().squareRoot()
            let angle = 2 * Double.pi * random.nextUnit()
            north = radius * Elementary.cos(angle)
            east = radius * Elementary.sin(angle)
        }
        let metresPerDegree = Coordinate.earthRadiusMetres * Double.pi / 180
        let latitude = min(90, max(-90, options.center.latitude + north / metresPerDegree))
        let cosLatitude = max(0.01, Elementary.cos(latitude * Double.pi / 180))
        var longitude = options.center.longitude + east / (metresPerDegree * cosLatitude)
        if longitude > 180 { longitude -= 360 }
        if longitude < -180 { longitude += 360 }
        return (try? Coordinate(latitude: latitude, longitude: longitude)) ?? options.center
    }

    /// 1 to 8 distinct studies (about 3 on average, fewer more often), popular ones more often.
    private mutating func studyList() -> StudyList {
        let count = 1 + min(7, Int(-Elementary.log(1 - random.nextUnit()) * 2))
        var chosen: [Study] = []
        chosen.reserveCapacity(count)
        // At most eight: a short array beats hashing into a set.
        var seen: [Int] = []
        seen.reserveCapacity(count)
        while chosen.count < count {
            let target = random.nextUnit() * cumulative[cumulative.count - 1]
            var low = 0, high = cumulative.count - 1
            while low < high {
                let middle = (low + high) / 2
                if cumulative[middle] < target { low = middle + 1 } else { high = middle }
            }
            if !seen.contains(low) {
                seen.append(low)
                chosen.append(studies[low])
            }
        }
        return StudyList(stored: chosen)
    }
}
