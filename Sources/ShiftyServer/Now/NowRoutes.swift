import Foundation
import Hummingbird
import ShiftyAPI
import ShiftyLive
import ShiftyPostgres
import ShiftyServerCore

/// `GET /api/v1/now`: the "now" board of the caller's workplace (any member); documented in openapi.yaml.
struct NowRoutes {
    let pool: PostgresPool
    let authenticator: Authenticator

    func register(on api: RouterGroup<ShiftyRequestContext>) {
        api.get("now") { request, _ in
            let caller = try await authenticator.require(request)
            let workplaceID = caller.workplaceID
            let board = try await pool.withConnection { try NowBoardStore.board(workplaceID: workplaceID, now: Date(), on: $0) }
            return try APIJSON.response(ShiftyAPI.NowBoard(board))
        }
    }
}
