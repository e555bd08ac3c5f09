import SLPWebServer

/// Which endpoint a path names, through `RouteTable` (the one list of paths); nil for a path
/// serve does not have (404).
enum APIRouter {
    static func route(path: String) -> APIRoute? {
        guard let (route, values) = RouteTable.match(path) else { return nil }
        return APIRoute(route: route, partner: values.first ?? "")
    }
}
