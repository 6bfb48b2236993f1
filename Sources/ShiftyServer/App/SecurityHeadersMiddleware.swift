import Hummingbird
import ShiftyFeatures

/// Headers every answer carries: no inline scripts (CSP), no framing, no MIME sniffing.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = ShiftyRequestContext

    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.init("X-Frame-Options")!] = "DENY"
        response.headers[.init("Referrer-Policy")!] = "same-origin"
        return response
    }
}
