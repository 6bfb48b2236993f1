/// Who an event row is for; the live-push layer filters deliveries by it.
package enum EventAudience: String, Sendable {
    /// Every member of the workplace.
    case workplace
    /// Only the workplace's managers (`manager_only` is set too, so a filter needs one column).
    case managers
    /// Only the members listed in `user_ids`.
    case users
}
