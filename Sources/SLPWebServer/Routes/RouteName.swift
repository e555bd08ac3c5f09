/// What a path of `RouteTable` is, for the code that answers it to switch on (the path itself
/// is written only in the table).
package enum RouteName: String, Sendable, CaseIterable {
    case user, myPage, withdraw, pushToken
    case queue, search, queueState, studyRequest, studyAccept, dodge, rate, report
    case chat
    case shopInfo, shopItem, shopPurchase
    case events
    case socketIO
    case health
    case page, pageFile, leaflet
}
