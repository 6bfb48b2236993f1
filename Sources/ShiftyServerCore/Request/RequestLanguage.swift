import NIOConcurrencyHelpers
import ShiftyLocalization

/// The language one request is answered in, resolved once per request.
///
/// ``LanguageMiddleware`` makes one per request from `Accept-Language` and binds it to the request's
/// task; ``Authenticator`` replaces it with the signed-in member's language (their own choice, else
/// the workplace's) as soon as it knows the caller, without another query, because the session lookup
/// already reads both. Problem details, `Content-Language` and any text a route writes read
/// ``language``. A task-local rather than a context field because contexts travel inwards only:
/// the caller is known in a route group's context, while `ProblemMiddleware`, which writes the
/// problem document in that language, sits outside it.
public final class RequestLanguage: Sendable {
    /// The language of the request being handled on this task, if it came through the middleware.
    @TaskLocal public static var current: RequestLanguage?

    private let state: NIOLockedValueBox<(accepted: LanguageCode?, account: LanguageCode?)>

    /// A request whose browser asked for `accepted` (nil: nothing we speak).
    public init(accepted: LanguageCode?) {
        state = NIOLockedValueBox((accepted, nil))
    }

    /// The signed-in member's language, else the browser's, else English.
    public var language: LanguageCode {
        state.withLockedValue { $0.account ?? $0.accepted ?? .english }
    }

    /// The caller is known: from now on the request speaks their language.
    public func signedIn(_ language: LanguageCode) {
        state.withLockedValue { $0.account = language }
    }

    /// The current request's language; English outside a request (tests, background work).
    public static var resolved: LanguageCode { current?.language ?? .english }
}
