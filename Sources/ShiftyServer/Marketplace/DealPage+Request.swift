import Foundation
import Hummingbird
import ShiftyAPI
import ShiftyFeatures
import ShiftyServerCore

/// A deal list's page as the route reads it from the query and answers it, with a `Link` to the next.
extension DealPage {
    /// `limit` (1…500, default 200) and `cursor` from the query; bad values are 400 `invalid_parameter`
    /// naming them, like every other query value (``QueryParameters``).
    init(_ request: Request) throws {
        let query = QueryParameters(request)
        var after: Cursor?
        if let text = try query.string("cursor") {
            guard let cursor = Cursor(text) else { throw QueryParameters.invalid("cursor", ProblemText("server.invalid.cursor")) }
            after = cursor
        }
        self.init(limit: try query.int("limit", in: 1...Self.maximumLimit) ?? Self.defaultLimit, after: after)
    }

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
