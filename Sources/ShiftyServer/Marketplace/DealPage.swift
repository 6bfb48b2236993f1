import Foundation
import Hummingbird
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
struct DealPage {
    static let defaultLimit = 200
    static let maximumLimit = 500

    /// Where a page starts: after this deal.
    struct Cursor: Equatable {
        /// `expires_at` in whole microseconds since 1970 (PostgreSQL's precision, exact as an integer).
        var expiresAtMicroseconds: Int64
        var id: Int64

        init(expiresAtMicroseconds: Int64, id: Int64) {
            self.expiresAtMicroseconds = expiresAtMicroseconds
            self.id = id
        }

        init(after deal: ShiftyAPI.MarketDeal) {
            self.expiresAtMicroseconds = Int64((deal.expiresAt.timeIntervalSince1970 * 1_000_000).rounded())
            self.id = deal.id
        }

        /// `<microseconds>.<id>`; anything else is not a cursor of ours.
        init?(_ text: String) {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 19 && $0.allSatisfy(\.isASCII) }),
                  let micros = Int64(parts[0]), let id = Int64(parts[1]), id > 0 else { return nil }
            self.init(expiresAtMicroseconds: micros, id: id)
        }

        var text: String { "\(expiresAtMicroseconds).\(id)" }
    }

    var limit: Int
    var after: Cursor?

    /// `limit` (1…500, default 200) and `cursor` from the query; bad values are 400 `invalid_parameter`
    /// naming them, like every other query value (``QueryParameters``).
    init(_ request: Request) throws {
        let query = QueryParameters(request)
        self.limit = try query.int("limit", in: 1...Self.maximumLimit) ?? Self.defaultLimit
        if let text = try query.string("cursor") {
            guard let cursor = Cursor(text) else { throw QueryParameters.invalid("cursor", "is not a cursor from a previous page") }
            self.after = cursor
        }
    }

    init(limit: Int, after: Cursor?) {
        self.limit = limit
        self.after = after
    }

    /// The SQL condition (over `d`) that starts the page after the cursor, with its two parameters at
    /// `$first` and `$first + 1`; always true without a cursor.
    func condition(firstParameter first: Int) -> String {
        "($\(first)::bigint IS NULL OR (d.expires_at, d.id) > (timestamptz 'epoch' + $\(first)::bigint * interval '1 microsecond', $\(first + 1)::bigint))"
    }

    var parameters: [any PostgresEncodable] { [after?.expiresAtMicroseconds, after?.id] }

    /// The answer: at most `limit` deals (the query fetched one more to know whether a next page
    /// exists) and a `Link` to the next page when there is one.
    func response(_ fetched: [ShiftyAPI.MarketDeal], request: Request) throws -> Response {
        let deals = Array(fetched.prefix(limit))
        var headers: HTTPFields = [:]
        if fetched.count > limit, let last = deals.last {
            headers[.init("Link")!] = "<\(Self.nextPath(request, cursor: Cursor(after: last), limit: limit))>; rel=\"next\""
        }
        return try APIJSON.response(deals, headers: headers)
    }

    /// The same request with `cursor` (and `limit`) replaced.
    static func nextPath(_ request: Request, cursor: Cursor, limit: Int) -> String {
        var items: [(String, String)] = []
        for (key, value) in request.uri.queryParameters where key != "cursor" && key != "limit" {
            items.append((String(key), String(value)))
        }
        items.append(("limit", String(limit)))
        items.append(("cursor", cursor.text))
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let query = items.map { key, value in
            "\(key.addingPercentEncoding(withAllowedCharacters: allowed) ?? key)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)"
        }.joined(separator: "&")
        return "\(request.uri.path)?\(query)"
    }
}
