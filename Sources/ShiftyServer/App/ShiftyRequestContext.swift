import Hummingbird
import Logging
import NIOCore

/// Per-request state: the caller's address for throttling (the request id comes from Hummingbird's logger metadata).
///
/// The authenticated user is not stored here on purpose: routes ask ``Authenticator`` for it
/// explicitly, so a route that forgets to authenticate cannot accidentally read a stale identity.
public struct ShiftyRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: String?

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress?.ipAddress
    }

    /// API bodies are small JSON documents; anything bigger is refused with 413 before decoding.
    public var maxUploadSize: Int { 256 * 1024 }
}
