import Hummingbird
import NIOConcurrencyHelpers
import NIOCore

/// Which methods each of the router's paths answers, for `405 Method Not Allowed` with `Allow`
/// (RFC 9110 §15.5.6) where Hummingbird answers a known path with an unknown method like an unknown
/// path (404).
///
/// Built from the router's own list of routes once all are registered (``install(from:)``), into a
/// second router that has one route per path answering with that path's methods. A request path
/// therefore matches here exactly as it matches the real router (captures, wildcards, fixed segments
/// before captures), and a route added later is allowed without a list anyone has to keep.
final class RouteMethodIndex: Sendable {
    private let probe = NIOLockedValueBox<RouterResponder<ShiftyRequestContext>?>(nil)

    init() {}

    /// Reads `router`'s routes; call after the last route is registered.
    func install(from router: Router<ShiftyRequestContext>) {
        var methods: [String: (path: RouterPath, methods: Set<String>)] = [:]
        for route in router.routes {
            methods[route.path.description, default: (route.path, [])].methods.insert(route.method.rawValue)
        }
        let index = Router(context: ShiftyRequestContext.self)
        for (path, allowed) in methods.values {
            let allow = allowed.sorted().joined(separator: ", ")
            index.get(path) { _, _ in
                Response(status: .ok, headers: [.allow: allow])
            }
        }
        let responder = index.buildResponder()
        probe.withLockedValue { $0 = responder }
    }

    /// The `Allow` value for `request`'s path (its methods, comma-separated), or nil when no route
    /// has that path.
    func allow(for request: Request, context: ShiftyRequestContext) async -> String? {
        guard let probe = probe.withLockedValue({ $0 }) else { return nil }
        var head = request.head
        head.method = .get
        let lookup = Request(head: head, body: .init(buffer: ByteBuffer()))
        guard let response = try? await probe.respond(to: lookup, context: context), response.status == .ok else { return nil }
        return response.headers[.allow]
    }
}
