extension LiveEvent {
    /// What happened, as a live event's `type` names it (openapi.yaml `EventType`;
    /// docs/live-protocol.md lists each with its topics and data).
    public enum Kind: APIWord {
        // The marketplace.
        case shiftSupplied
        case shiftRevoked
        case shiftUnassigned
        case shiftPickedUp
        case requestPosted
        case requestWithdrawn
        case suggestionMade
        case suggestionWithdrawn
        case suggestionReleased
        case swapProposed
        case dealAwaitingApproval
        case dealApproved
        case dealRejected
        case dealCancelled
        case dealDeclined
        case dealExpired
        case approvalResolved
        case shiftCreated
        case shiftAssigned
        case shiftEdited
        case ruleOverridden
        // Managers' schedule work, the workplace's settings.
        case scheduleChanged
        case scheduleGenerated
        case teamScheduleChanged
        case schedulePlanChanged
        case schedulePublished
        case closedDaysChanged
        case shiftsRemovedByClosedDay
        case workplaceTimeZoneChanged
        case workplaceSettingsChanged
        case fixedShiftWeekSkipped
        // Reminders, time off, availability, fixed-shift requests.
        case shiftReminder
        case timeOffRequested
        case timeOffApproved
        case timeOffDeclined
        case timeOffWithdrawn
        case availabilityChanged
        case fixedShiftRequestRequested
        case fixedShiftRequestApproved
        case fixedShiftRequestDeclined
        case fixedShiftRequestWithdrawn
        /// A type of a newer server (``APIWord``).
        case unknown(String)

        public static let allCases: [Self] = [
            .shiftSupplied, .shiftRevoked, .shiftUnassigned, .shiftPickedUp, .requestPosted, .requestWithdrawn,
            .suggestionMade, .suggestionWithdrawn, .suggestionReleased, .swapProposed, .dealAwaitingApproval,
            .dealApproved, .dealRejected, .dealCancelled, .dealDeclined, .dealExpired, .approvalResolved,
            .shiftCreated, .shiftAssigned, .shiftEdited, .ruleOverridden, .scheduleChanged, .scheduleGenerated,
            .teamScheduleChanged, .schedulePlanChanged, .schedulePublished, .closedDaysChanged, .shiftsRemovedByClosedDay, .workplaceTimeZoneChanged,
            .workplaceSettingsChanged, .fixedShiftWeekSkipped, .shiftReminder, .timeOffRequested, .timeOffApproved,
            .timeOffDeclined, .timeOffWithdrawn, .availabilityChanged, .fixedShiftRequestRequested,
            .fixedShiftRequestApproved, .fixedShiftRequestDeclined, .fixedShiftRequestWithdrawn
        ]

        public var rawValue: String {
            switch self {
            case .shiftSupplied: "shift.supplied"
            case .shiftRevoked: "shift.revoked"
            case .shiftUnassigned: "shift.unassigned"
            case .shiftPickedUp: "shift.picked_up"
            case .requestPosted: "request.posted"
            case .requestWithdrawn: "request.withdrawn"
            case .suggestionMade: "suggestion.made"
            case .suggestionWithdrawn: "suggestion.withdrawn"
            case .suggestionReleased: "suggestion.released"
            case .swapProposed: "swap.proposed"
            case .dealAwaitingApproval: "deal.awaiting_approval"
            case .dealApproved: "deal.approved"
            case .dealRejected: "deal.rejected"
            case .dealCancelled: "deal.cancelled"
            case .dealDeclined: "deal.declined"
            case .dealExpired: "deal.expired"
            case .approvalResolved: "approval.resolved"
            case .shiftCreated: "shift.created"
            case .shiftAssigned: "shift.assigned"
            case .shiftEdited: "shift.edited"
            case .ruleOverridden: "shift.rule_overridden"
            case .scheduleChanged: "schedule.changed"
            case .scheduleGenerated: "schedule.generated"
            case .teamScheduleChanged: "team_schedule.changed"
            case .schedulePlanChanged: "schedule_plan.changed"
            case .schedulePublished: "schedule.published"
            case .closedDaysChanged: "closed_days.changed"
            case .shiftsRemovedByClosedDay: "shift.closed_day"
            case .workplaceTimeZoneChanged: "workplace.time_zone_changed"
            case .workplaceSettingsChanged: "workplace.settings_changed"
            case .fixedShiftWeekSkipped: "fixed_shift.week_skipped"
            case .shiftReminder: "shift.reminder"
            case .timeOffRequested: "time_off.requested"
            case .timeOffApproved: "time_off.approved"
            case .timeOffDeclined: "time_off.declined"
            case .timeOffWithdrawn: "time_off.withdrawn"
            case .availabilityChanged: "availability.changed"
            case .fixedShiftRequestRequested: "fixed_shift_request.requested"
            case .fixedShiftRequestApproved: "fixed_shift_request.approved"
            case .fixedShiftRequestDeclined: "fixed_shift_request.declined"
            case .fixedShiftRequestWithdrawn: "fixed_shift_request.withdrawn"
            case .unknown(let word): word
            }
        }
    }
}
