import Hummingbird
import ShiftyFeatures
import ShiftyLocalization
import ShiftyServerCore

/// Decides each request's language (``RequestLanguage``) and says it in `Content-Language`.
///
/// Runs outside ``ProblemMiddleware`` so problem documents are written in the language and carry the
/// header too. Only answers made for this request get the header: the page's static files are the
/// same for every language (the page picks its catalogue itself).
public struct LanguageMiddleware: RouterMiddleware {
    public typealias Context = ShiftyRequestContext

    public init() {}

    public func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let language = RequestLanguage(accepted: LanguageNegotiation.fromAcceptLanguage(request.headers[.acceptLanguage]))
        var response = try await RequestLanguage.$current.withValue(language) {
            try await next(request, context)
        }
        if Self.speaks(request.uri.path), response.headers[.contentLanguage] == nil {
            response.headers[.contentLanguage] = language.language.rawValue
        }
        return response
    }

    /// Paths whose answers are written for the caller: the API and the calendar feeds.
    static func speaks(_ path: String) -> Bool {
        path.hasPrefix("/api/") || path.hasPrefix("/calendar/")
    }
}
