import Foundation
import ShiftyAPI
import ShiftyServerCore

/// The live protocol's `now` message: `{"type":"now","now":<the GET /api/v1/now document>}`.
struct NowBoardMessage: Encodable, Sendable {
    var type = "now"
    var now: ShiftyAPI.NowBoard

    /// The message as the text of one WebSocket frame.
    static func text(_ board: ComputedNowBoard) throws -> String {
        String(decoding: try APIJSON.encoder.encode(NowBoardMessage(now: ShiftyAPI.NowBoard(board))), as: UTF8.self)
    }
}
