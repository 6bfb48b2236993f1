import Hummingbird
import ShiftyFeatures
import ShiftyServerCore

/// The context of a route only a manager may use: its one initializer refuses anyone else with
/// 403 `manager_only`, so a handler on ``APIGroups/managers`` cannot run for an employee, and it
/// refuses before the handler reads the body, the path or the query.
///
/// A route whose rule depends on what is asked (an employee's own schedule, a manager's for anyone)
/// stays on ``APIGroups/members`` and makes one of these where the rule needs it.
struct ManagerRequestContext: ChildRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The signed-in member, a manager of their workplace.
    let caller: AuthenticatedUser

    init(context: AuthenticatedRequestContext) throws {
        guard context.caller.isManager else { throw Problem.managerOnly }
        self.caller = context.caller
        self.coreContext = context.coreContext
    }

    var maxUploadSize: Int { ShiftyRequestContext.bodyLimit }
}
