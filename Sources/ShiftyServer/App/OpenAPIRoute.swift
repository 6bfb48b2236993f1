import Foundation
import Hummingbird
import ShiftyServerCore

/// Serves the API description (openapi.yaml at the repository root) at GET /api/v1/openapi.yaml.
struct OpenAPIRoute {
    let document: URL?

    func register(on api: RouterGroup<ShiftyRequestContext>) {
        api.get("openapi.yaml") { _, _ in
            guard let document, let data = FileManager.default.contents(atPath: document.path) else {
                throw Problem(.notFound, code: .openAPIMissing, text: .init("server.problem.openapi_missing.detail"))
            }
            return Response(
                status: .ok,
                headers: [.contentType: "application/yaml; charset=utf-8", .cacheControl: "no-cache"],
                body: .init(byteBuffer: ByteBuffer(bytes: data))
            )
        }
    }
}
