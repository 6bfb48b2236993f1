import Foundation
import Hummingbird
import Logging
import ShiftyFeatures
import ShiftyServerCore

/// Serves the browser page from web/, but never looks at the disk for API or health paths.
struct WebAssetsMiddleware: RouterMiddleware {
    typealias Context = ShiftyRequestContext
    private let files: FileMiddleware<Context, LocalFileSystem>
    private let pathGuard: StaticFilePathGuard
    private let slots: FileStreamSlots

    init(root: URL, logger: Logger, fileStreams: Int = 64) {
        self.files = FileMiddleware(root.path, searchForIndexHtml: true, logger: logger)
        self.pathGuard = StaticFilePathGuard(root: root)
        self.slots = FileStreamSlots(capacity: fileStreams)
    }

    static let busy = Problem(
        .serviceUnavailable, code: .serverFull,
        text: .init("server.problem.server_full.files"), retryAfterSeconds: 5)

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard request.method == .get || request.method == .head,
              !path.hasPrefix("/api/"), path != "/healthz", path != "/readyz", path != "/metrics"
        else { return try await next(request, context) }
        // NUL bytes, `..` and symbolic links are answered like a file that does not exist.
        guard pathGuard.allows(path) else { throw Problem(.notFound, code: .notFound, text: .init("server.problem.not_found.file")) }
        guard let slot = slots.take() else { throw Self.busy }
        var response = try await files.handle(request, context: context, next: next)
        // The file is open while its body is written; the slot is held as long as the body exists.
        let body = response.body
        response.body = ResponseBody(contentLength: body.contentLength) { [slot] writer in
            _ = slot
            try await body.write(writer)
        }
        if path == "/sw.js" {
            // The service worker: always revalidated (so a deploy reaches installed apps at once)
            // and allowed to control the whole site, not only the folder it is served from.
            response.headers[.cacheControl] = "no-cache"
            response.headers[.init("Service-Worker-Allowed")!] = "/"
        }
        return response
    }
}
