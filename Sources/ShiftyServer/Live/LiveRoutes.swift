import Hummingbird

/// The plain-HTTP side of `/api/v1/live`: a request that reaches the router did not ask for a
/// WebSocket upgrade (upgrades are answered before the router), so it gets 426 and a hint instead of
/// a confusing 404.
struct LiveRoutes {
    func register(on api: RouterGroup<ShiftyRequestContext>) {
        api.get("live") { _, _ -> Response in
            var problem = Problem(
                .upgradeRequired, code: .websocketRequired,
                detail: "This is the live stream: connect with a WebSocket client (see docs/live-protocol.md).")
            problem.title = "Upgrade Required"
            var response = try APIJSON.response(problem, status: .upgradeRequired)
            response.headers[.contentType] = "application/problem+json"
            response.headers[.upgrade] = "websocket"
            return response
        }
    }
}
