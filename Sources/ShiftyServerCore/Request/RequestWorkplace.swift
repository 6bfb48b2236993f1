import NIOConcurrencyHelpers

/// The workplace of the request's signed-in caller, once ``Authenticator`` knows it: the workplace
/// a refused request's problem document may name members of (``MemberNames``), so a sentence
/// never names someone of another workplace.
///
/// A task-local for the same reason as ``RequestLanguage``: the caller is known inside a route
/// group's context, while ``ProblemMiddleware``, which writes the problem document, sits outside it.
package final class RequestWorkplace: Sendable {
    /// The workplace of the request being handled on this task, bound by ``ProblemMiddleware``.
    @TaskLocal package static var current: RequestWorkplace?

    private let state = NIOLockedValueBox<Int64?>(nil)

    package init() {}

    /// The signed-in caller's workplace; nil before (or without) a session.
    package var workplaceID: Int64? { state.withLockedValue { $0 } }

    /// The caller is known.
    package func signedIn(_ workplaceID: Int64) {
        state.withLockedValue { $0 = workplaceID }
    }
}
