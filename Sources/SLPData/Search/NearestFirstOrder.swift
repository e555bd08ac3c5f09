import SLPDomain
import SLPSupport

/// Puts search results in their order (`NearbyUser.isNearer`: nearest first, ties by uid).
///
/// A crowd returns hundreds of thousands of cards, which are large and hold references: a
/// comparison sort moves each many times. Distances are finite and never negative, so their bit
/// patterns order like the numbers: a radix sort on them orders positions in a few linear
/// passes (`RadixOrder`), and each card is then moved into place once (`rearrange`).
enum NearestFirstOrder {
    /// Below this many, a plain sort is cheaper than the radix passes' fixed costs.
    private static let radixThreshold = 256

    static func sort(_ cards: inout [NearbyUser]) {
        let count = cards.count
        guard count > 1 else { return }
        var order = Array(0..<count)
        if count < radixThreshold {
            // Positions are sorted, not the cards: a card is moved once, below, never copied.
            order.sort { NearbyUser.isNearer(cards[$0], cards[$1]) }
        } else {
            var keys = cards.map { $0.distance.bitPattern }
            RadixOrder.sort(&keys, carrying: &order)
            // Equal distances sit together now; order each such run by uid.
            var start = 0
            while start < count {
                var end = start + 1
                while end < count && keys[end] == keys[start] { end += 1 }
                if end - start > 1 { order[start..<end].sort { cards[$0].uid < cards[$1].uid } }
                start = end
            }
        }
        cards.rearrange(by: order)
    }
}
