import Hummingbird
import ShiftyFeatures
import ShiftyServerCore

/// Refuses a NUL character in any query parameter (`?search=a%00b`) with 400 `invalid_parameter`
/// naming the parameter, as every bad query value is answered (``QueryParameters``), before a
/// route can hand it to PostgreSQL (which cannot store or compare text holding one, and answered
/// those requests with a 500). The JSON-body half of the same rule (422, a bad field) is in
/// ``Request/decodeJSON(_:context:)``.
struct NULQueryMiddleware: RouterMiddleware {
    typealias Context = ShiftyRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let query = request.uri.query, query.contains("%00") || query.utf8.contains(0) {
            for (name, value) in request.uri.queryParameters where name.utf8.contains(0) || value.utf8.contains(0) {
                throw QueryParameters.invalid(String(name).replacingOccurrences(of: "\u{0}", with: ""), ProblemText("server.invalid.nul"))
            }
        }
        return try await next(request, context)
    }
}
