import Foundation
import Hummingbird
import Logging

/// Serves the browser page from web/, but never looks at the disk for API or health paths.
struct WebAssetsMiddleware: RouterMiddleware {
    typealias Context = ShiftyRequestContext
    private let files: FileMiddleware<Context, LocalFileSystem>
    private let pathGuard: StaticFilePathGuard

    init(root: URL, logger: Logger) {
        self.files = FileMiddleware(root.path, searchForIndexHtml: true, logger: logger)
        self.pathGuard = StaticFilePathGuard(root: root)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard request.method == .get || request.method == .head,
              !path.hasPrefix("/api/"), path != "/healthz", path != "/readyz", path != "/metrics"
        else { return try await next(request, context) }
        // NUL bytes, `..` and symbolic links are answered like a file that does not exist.
        guard pathGuard.allows(path) else { throw Problem(.notFound, code: .notFound, text: .init("server.problem.not_found.file")) }
        var response = try await files.handle(request, context: context, next: next)
        if path == "/sw.js" {
            // The service worker: always revalidated (so a deploy reaches installed apps at once)
            // and allowed to control the whole site, not only the folder it is served from.
            response.headers[.cacheControl] = "no-cache"
            response.headers[.init("Service-Worker-Allowed")!] = "/"
        }
        return response
    }
}
