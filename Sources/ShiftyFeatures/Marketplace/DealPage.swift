import Foundation
import ShiftyAPI
import ShiftyPostgres
import ShiftyServerCore

/// One page of a deal list (`GET /trades`, `/deals/mine`, `/deals/approvals`), in the lists' order
/// (earliest expiry first, then id).
///
/// The lists used to stop at 500 deals without saying so. Now a page holds at most `limit` deals and,
/// when more follow, the answer carries `Link: <…&cursor=…>; rel="next"`: keyset paging on
/// (expires_at, id), so a page is as cheap as the first and no deal is skipped or repeated when
/// others are added meanwhile.
package struct DealPage {
    package static let defaultLimit = 200
    package static let maximumLimit = 500

    /// Where a page starts: after this deal.
    package struct Cursor: Equatable {
        /// `expires_at` in whole microseconds since 1970 (PostgreSQL's precision, exact as an integer).
        package var expiresAtMicroseconds: Int64
        package var id: Int64

        package init(expiresAtMicroseconds: Int64, id: Int64) {
            self.expiresAtMicroseconds = expiresAtMicroseconds
            self.id = id
        }

        package init(after deal: ShiftyAPI.MarketDeal) {
            self.expiresAtMicroseconds = Int64((deal.expiresAt.timeIntervalSince1970 * 1_000_000).rounded())
            self.id = deal.id
        }

        /// `<microseconds>.<id>`; anything else is not a cursor of ours.
        package init?(_ text: String) {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 19 && $0.allSatisfy(\.isASCII) }),
                  let micros = Int64(parts[0]), let id = Int64(parts[1]), id > 0 else { return nil }
            self.init(expiresAtMicroseconds: micros, id: id)
        }

        package var text: String { "\(expiresAtMicroseconds).\(id)" }
    }

    package var limit: Int
    package var after: Cursor?

    package init(limit: Int, after: Cursor?) {
        self.limit = limit
        self.after = after
    }

    /// The SQL condition (over `d`) that starts the page after the cursor; always true without a cursor.
    package var condition: PostgresQuery {
        let micros = after?.expiresAtMicroseconds
        return "(\(micros)::bigint IS NULL OR (d.expires_at, d.id) > (timestamptz 'epoch' + \(micros)::bigint * interval '1 microsecond', \(after?.id)::bigint))"
    }
}
