import ShiftyDomain

/// Every type of row in the `events` outbox, with the live topics it is pushed on and who may
/// receive it, defined next to each other.
///
/// Both switches are exhaustive, so a new type does not compile until it has topics and an
/// audience, and a new domain event kind does not compile until it maps to a type here; the
/// guard test walks `allCases` so no type can end up with no topic (and so never pushed).
package enum EventType: String, CaseIterable, Sendable {
    // Marketplace (made by `Marketplace.apply`).
    case shiftSupplied = "shift.supplied"
    case shiftRevoked = "shift.revoked"
    case shiftUnassigned = "shift.unassigned"
    case shiftPickedUp = "shift.picked_up"
    case requestPosted = "request.posted"
    case requestWithdrawn = "request.withdrawn"
    case suggestionMade = "suggestion.made"
    case suggestionWithdrawn = "suggestion.withdrawn"
    case suggestionReleased = "suggestion.released"
    case swapProposed = "swap.proposed"
    case dealAwaitingApproval = "deal.awaiting_approval"
    case dealApproved = "deal.approved"
    case dealRejected = "deal.rejected"
    case dealCancelled = "deal.cancelled"
    case dealDeclined = "deal.declined"
    case dealExpired = "deal.expired"
    case approvalResolved = "approval.resolved"
    // Managers' schedule work.
    case shiftCreated = "shift.created"
    case shiftAssigned = "shift.assigned"
    case shiftEdited = "shift.edited"
    /// A manager broke an overridable rule on purpose (the rules and the reason are in the event).
    case ruleOverridden = "shift.rule_overridden"
    case scheduleChanged = "schedule.changed"
    case scheduleGenerated = "schedule.generated"
    /// Some shifts of the team's week changed (any writer of shifts): every member's grid reloads those dates.
    case teamScheduleChanged = "team_schedule.changed"
    case closedDaysChanged = "closed_days.changed"
    /// A closed day removed the member's shifts on it.
    case shiftsRemovedByClosedDay = "shift.closed_day"
    case workplaceTimeZoneChanged = "workplace.time_zone_changed"
    /// A manager changed the workplace's switches: pages that follow one (who changes fixed shifts,
    /// the rules' severities…) redraw with the new values in the payload.
    case workplaceSettingsChanged = "workplace.settings_changed"
    /// Generation left out weeks of fixed shifts the rules refuse (to the managers, once per week).
    case fixedShiftWeekSkipped = "fixed_shift.week_skipped"
    // Reminders.
    case shiftReminder = "shift.reminder"
    // Time off and availability (to the member and the workplace's managers).
    case timeOffRequested = "time_off.requested"
    case timeOffApproved = "time_off.approved"
    case timeOffDeclined = "time_off.declined"
    case timeOffWithdrawn = "time_off.withdrawn"
    case availabilityChanged = "availability.changed"
    // Fixed-shift requests (to the member and the workplace's managers).
    case fixedShiftRequestRequested = "fixed_shift_request.requested"
    case fixedShiftRequestApproved = "fixed_shift_request.approved"
    case fixedShiftRequestDeclined = "fixed_shift_request.declined"
    case fixedShiftRequestWithdrawn = "fixed_shift_request.withdrawn"

    package init(_ kind: MarketplaceEvent.Kind) {
        switch kind {
        case .shiftSupplied: self = .shiftSupplied
        case .shiftRevoked: self = .shiftRevoked
        case .shiftUnassigned: self = .shiftUnassigned
        case .shiftPickedUp: self = .shiftPickedUp
        case .requestPosted: self = .requestPosted
        case .requestWithdrawn: self = .requestWithdrawn
        case .suggestionMade: self = .suggestionMade
        case .suggestionWithdrawn: self = .suggestionWithdrawn
        case .suggestionReleased: self = .suggestionReleased
        case .swapProposed: self = .swapProposed
        case .dealAwaitingApproval: self = .dealAwaitingApproval
        case .dealApproved: self = .dealApproved
        case .dealRejected: self = .dealRejected
        case .dealCancelled: self = .dealCancelled
        case .dealDeclined: self = .dealDeclined
        case .dealExpired: self = .dealExpired
        case .approvalResolved: self = .approvalResolved
        case .shiftAssigned: self = .shiftAssigned
        case .shiftCreated: self = .shiftCreated
        case .shiftEdited: self = .shiftEdited
        case .ruleOverridden: self = .ruleOverridden
        }
    }

    package init(_ event: TimeOffTransition.Event) {
        switch event {
        case .requested: self = .timeOffRequested
        case .approved: self = .timeOffApproved
        case .declined: self = .timeOffDeclined
        case .withdrawn: self = .timeOffWithdrawn
        }
    }

    /// The topics it is pushed on (docs/live-protocol.md).
    var topics: LiveTopicSet {
        switch self {
        case .shiftSupplied, .shiftRevoked: LiveTopicSet([.marketplace])
        case .requestPosted, .requestWithdrawn, .suggestionWithdrawn: LiveTopicSet([.requests])
        case .suggestionMade, .suggestionReleased: LiveTopicSet([.requests, .notifications])
        case .swapProposed, .dealDeclined, .dealCancelled, .dealExpired, .dealRejected, .shiftPickedUp:
            LiveTopicSet([.deals, .notifications])
        case .dealApproved: LiveTopicSet([.deals, .notifications, .schedule])
        case .dealAwaitingApproval, .approvalResolved: LiveTopicSet([.approvals])
        case .shiftUnassigned, .shiftAssigned, .shiftCreated, .shiftEdited, .ruleOverridden, .shiftsRemovedByClosedDay: LiveTopicSet([.notifications, .schedule])
        case .shiftReminder: LiveTopicSet([.notifications])
        case .timeOffRequested, .timeOffApproved, .timeOffDeclined, .timeOffWithdrawn:
            LiveTopicSet([.notifications, .schedule])
        case .fixedShiftRequestRequested, .fixedShiftRequestApproved, .fixedShiftRequestDeclined, .fixedShiftRequestWithdrawn:
            LiveTopicSet([.notifications, .schedule])
        case .availabilityChanged: LiveTopicSet([.schedule])
        case .scheduleChanged, .scheduleGenerated, .closedDaysChanged, .workplaceTimeZoneChanged, .teamScheduleChanged,
             .workplaceSettingsChanged:
            LiveTopicSet([.schedule])
        case .fixedShiftWeekSkipped: LiveTopicSet([.notifications, .schedule])
        }
    }

    /// Who may receive it at most: everyone in the workplace, its managers, or the members named on
    /// the row. A writer may address it more narrowly (``allows(_:)``), never more widely.
    package var audience: EventAudience {
        switch self {
        case .shiftSupplied, .shiftRevoked, .requestPosted, .requestWithdrawn, .suggestionWithdrawn,
             .closedDaysChanged, .workplaceTimeZoneChanged, .teamScheduleChanged, .workplaceSettingsChanged:
            .workplace
        case .dealAwaitingApproval, .approvalResolved, .ruleOverridden:
            .managers
        case .shiftUnassigned, .shiftPickedUp, .suggestionMade, .suggestionReleased, .swapProposed, .dealApproved,
             .dealRejected, .dealCancelled, .dealDeclined, .dealExpired, .shiftCreated, .shiftEdited, .shiftAssigned, .scheduleChanged,
             .scheduleGenerated, .shiftsRemovedByClosedDay, .shiftReminder, .timeOffRequested, .timeOffApproved,
             .timeOffDeclined, .timeOffWithdrawn, .availabilityChanged, .fixedShiftRequestRequested, .fixedShiftRequestApproved,
             .fixedShiftRequestDeclined, .fixedShiftRequestWithdrawn, .fixedShiftWeekSkipped:
            .users
        }
    }

    /// Whether a row of this type may be addressed to `audience`: its own audience, or (for a
    /// workplace-wide type) a narrower one, such as a suggestion withdrawn while only the
    /// requester still cares.
    package func allows(_ audience: EventAudience) -> Bool {
        audience == self.audience || self.audience == .workplace
    }
}
