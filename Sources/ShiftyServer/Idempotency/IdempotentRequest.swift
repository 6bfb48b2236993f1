import NIOConcurrencyHelpers

/// The request being handled under an `Idempotency-Key`, for the routes to talk to
/// ``IdempotencyMiddleware`` without knowing about keys.
///
/// A route whose answer hands out a secret (a session, kiosk or calendar token, an invite code, a
/// reset link) calls ``answerHoldsSecret()``: such an answer is never stored (the table would hold
/// usable credentials, where the rest of the database holds only hashes). Its change still commits;
/// the key stays free, so a retry issues a fresh secret, which replaces one nobody received.
final class IdempotentRequest: Sendable {
    /// The current task's request, bound by the middleware.
    @TaskLocal static var current: IdempotentRequest?

    private let secret = NIOLockedValueBox(false)

    var holdsSecret: Bool { secret.withLockedValue { $0 } }

    func answerHoldsSecret() {
        secret.withLockedValue { $0 = true }
    }
}
