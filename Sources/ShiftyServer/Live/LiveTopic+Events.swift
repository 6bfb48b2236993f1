extension LiveTopicSet {
    /// The topics an event type belongs to (docs/live-protocol.md). Unknown types belong to none and
    /// are never pushed, so a new event type is invisible until it is given a topic here.
    static func of(eventType type: String) -> LiveTopicSet {
        switch type {
        case "shift.supplied", "shift.revoked":
            LiveTopicSet([.marketplace])
        case "request.posted", "request.withdrawn", "suggestion.withdrawn":
            LiveTopicSet([.requests])
        case "suggestion.made", "suggestion.released":
            LiveTopicSet([.requests, .notifications])
        case "swap.proposed", "deal.declined", "deal.cancelled", "deal.expired", "deal.rejected":
            LiveTopicSet([.deals, .notifications])
        case "deal.approved":
            LiveTopicSet([.deals, .notifications, .schedule])
        case "deal.awaiting_approval", "approval.resolved":
            LiveTopicSet([.approvals])
        case "shift.unassigned", "shift.assigned", "shift.created", "shift.rule_overridden":
            LiveTopicSet([.notifications, .schedule])
        case "shift.reminder":
            LiveTopicSet([.notifications])
        case "schedule.changed", "schedule.generated", "closed_days.changed":
            LiveTopicSet([.schedule])
        default:
            .none
        }
    }
}
