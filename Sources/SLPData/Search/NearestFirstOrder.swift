import SLPDomain

/// The order of `fromQueueDB`: nearest first, equal distances by uid.
enum NearestFirstOrder {
    static func sort(_ cards: inout [NearbyUser]) {
        cards.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.uid < $1.uid }
    }
}
