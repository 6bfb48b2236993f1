import ShiftyDomain
import ShiftyEvents

extension NotificationKind {
    /// The kind an event type is, for the people it concerns; nil: it reaches nobody outside the page
    /// (workplace-wide bookkeeping, managers' queues, schedule redraws).
    init?(_ type: EventType) {
        switch type {
        case .dealApproved, .dealRejected, .dealCancelled, .dealDeclined, .dealExpired: self = .decision
        case .suggestionMade, .suggestionReleased, .swapProposed: self = .suggestion
        case .shiftPickedUp, .shiftUnassigned, .shiftAssigned, .shiftCreated, .shiftEdited, .shiftsRemovedByClosedDay: self = .shiftChange
        case .shiftReminder: self = .reminder
        case .shiftSupplied: self = .offer
        case .timeOffApproved, .timeOffDeclined: self = .timeOff
        case .fixedShiftRequestRequested, .fixedShiftRequestApproved, .fixedShiftRequestDeclined, .fixedShiftWeekSkipped:
            self = .fixedShiftRequest
        case .shiftRevoked, .requestPosted, .requestWithdrawn, .suggestionWithdrawn, .dealAwaitingApproval,
             .approvalResolved, .ruleOverridden, .scheduleChanged, .scheduleGenerated, .closedDaysChanged,
             .workplaceTimeZoneChanged, .timeOffRequested, .timeOffWithdrawn, .availabilityChanged, .teamScheduleChanged,
             .fixedShiftRequestWithdrawn, .workplaceSettingsChanged:
            return nil
        }
    }
}
