import Hummingbird
import Logging
import NIOCore

/// Per-request state: the caller's address for throttling (the request id comes from Hummingbird's
/// logger metadata) and what the request's credentials proved once someone looked.
///
/// Routes that need a caller are not registered on this context but on its children
/// (``AuthenticatedRequestContext``, ``ManagerRequestContext``, ``KioskRequestContext``, grouped in
/// ``APIGroups``): a handler there receives the caller in its context, so there is no route that
/// reads a caller without the group having proven it.
public struct ShiftyRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: String?
    /// The session or kiosk lookups done for this request (at most one of each).
    var credentials = RequestCredentials()

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress?.ipAddress
    }

    /// API bodies are small JSON documents; anything bigger is refused with 413 before decoding.
    public var maxUploadSize: Int { Self.bodyLimit }

    /// The body limit of every API route, whichever context the route is on.
    static let bodyLimit = 256 * 1024
}
