import Foundation
import Hummingbird
import ShiftyAPI
import ShiftyLive
import ShiftyPostgres
import ShiftyServerCore

/// `GET /api/v1/now`: the "now" board of the caller's workplace (any member); documented in openapi.yaml.
struct NowRoutes {
    let pool: PostgresPool

    func register(on api: APIGroups) {
        api.members.get("now") { _, context in
            let workplaceID = context.caller.workplaceID
            let board = try await pool.withConnection { try NowBoardStore.board(workplaceID: workplaceID, now: Date(), on: $0) }
            return try APIJSON.response(ShiftyAPI.NowBoard(board))
        }
    }
}
