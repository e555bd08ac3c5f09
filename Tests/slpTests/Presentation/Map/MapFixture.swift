import Foundation
import SLPDomain
import SLPTestSupport

@testable import slp

/// People placed around a centre by bearing and distance, as search would find them.
enum MapFixture {
    static let center = Coordinate.at(37.5665, 126.978)

    /// A search card for someone `metres` from `center` at `bearing` degrees.
    static func person(
        _ uid: String, _ metres: Double, bearing: Double, from center: Coordinate = center, studies: [String] = ["go"],
        shared: [String] = []
    ) -> NearbyUser {
        let place = center.moved(metres, bearing: bearing)
        var card = NearbyUser(
            uid: try! UserID(uid), nick: try! Nick("n" + uid), coordinate: place, reputation: .none,
            studies: try! StudyList(parsing: studies), reviews: [], gender: .male, sesac: 0, background: 0,
            distance: center.distance(to: place))
        card.sharedStudies = shared.map { try! Study($0) }
        return card
    }

    static func surroundings(
        _ people: [NearbyUser], requested: [NearbyUser] = [], center: Coordinate = center, radius: Double = 700
    ) -> Surroundings {
        let me = User.stub(uid: "ME", phone: "010-1111-1111", nick: "나")
        let studies = try! StudyList(parsing: ["swift"])
        return Surroundings(
            SearchResult(me: me, myStudies: studies, center: center, fromQueueDB: people, fromQueueDBRequested: requested, fromRecommend: []),
            radius: radius)
    }
}
