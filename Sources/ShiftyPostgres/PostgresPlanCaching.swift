/// How PostgreSQL plans a transaction's prepared statements.
///
/// With the server's default (`plan_cache_mode = auto`) a prepared statement whose parameters
/// include an array (`id = ANY($1)`) is planned again on every execution: its generic plan is
/// costed for an array of unknown length, so the planner keeps preferring a custom plan for the
/// actual one or two values, and the planning is paid each time. On the marketplace's pick-up and
/// approval that was a third of PostgreSQL's CPU per pair (issue 14, BENCHMARKS.md). Transactions
/// whose statements all have good generic plans (index scans whatever the values; checked by a test
/// that reads the transaction's own scan counts) can ask for them.
public enum PostgresPlanCaching: Sendable {
    /// The server's setting.
    case serverDefault
    /// `SET LOCAL plan_cache_mode = force_generic_plan`, sent with `BEGIN` in the same round trip
    /// and undone by `COMMIT`/`ROLLBACK`, so the connection goes back to the pool unchanged.
    case genericPlans
}
