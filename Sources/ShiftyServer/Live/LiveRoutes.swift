import Hummingbird
import ShiftyLive
import ShiftyServerCore

/// The plain-HTTP side of `/api/v1/live`: a request that reaches the router did not ask for a
/// WebSocket upgrade (upgrades are answered before the router), so it gets 426 and a hint instead of
/// a confusing 404 (after the same check of
/// its query parameters). A member at the live-connection cap gets the 429 their upgrade got: a browser
/// cannot read the answer to a refused WebSocket handshake, so the page asks here why it failed.
struct LiveRoutes {
    let authenticator: Authenticator
    let hub: LiveHub

    func register(on api: RouterGroup<ShiftyRequestContext>) {
        api.get("live") { request, _ -> Response in
            // The parameters are checked as the upgrade would check them, so a bad `after` is a 400
            // here too and not hidden behind the 426.
            if case .failure(let problem) = LiveConnectionParameters.parse(Substring(request.uri.query ?? "")) {
                throw problem
            }
            if let caller = try? await authenticator.require(request),
               let refusal = hub.connectionRefusal(userID: caller.id, sessionID: caller.sessionID) {
                throw refusal
            }
            var problem = Problem(
                .upgradeRequired, code: .websocketRequired,
                text: .init("server.problem.websocket_required.detail"))
            problem.title = "Upgrade Required"
            var response = try APIJSON.response(problem, status: .upgradeRequired)
            response.headers[.contentType] = "application/problem+json"
            response.headers[.upgrade] = "websocket"
            return response
        }
    }
}
