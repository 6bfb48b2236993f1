import ShiftyDomain
import ShiftyEvents

extension NotificationKind {
    /// The kind an event type is, for the people it concerns; nil: it reaches nobody outside the page
    /// (workplace-wide bookkeeping, managers' queues, schedule redraws).
    init?(_ type: EventType) {
        switch type {
        case .marketplace(let kind):
            switch kind {
            case .dealApproved, .dealRejected, .dealCancelled, .dealDeclined, .dealExpired: self = .decision
            case .suggestionMade, .suggestionReleased, .swapProposed: self = .suggestion
            case .shiftPickedUp, .shiftUnassigned, .shiftAssigned, .shiftCreated, .shiftEdited: self = .shiftChange
            case .shiftSupplied: self = .offer
            case .shiftRevoked, .requestPosted, .requestWithdrawn, .suggestionWithdrawn, .dealAwaitingApproval, .approvalResolved,
                 .ruleOverridden:
                return nil
            }
        case .timeOff(let event):
            switch event {
            case .approved, .declined: self = .timeOff
            case .requested, .withdrawn: return nil
            }
        case .server(let type):
            switch type {
            case .shiftsRemovedByClosedDay, .schedulePublished: self = .shiftChange
            case .shiftReminder: self = .reminder
            case .fixedShiftRequestRequested, .fixedShiftRequestApproved, .fixedShiftRequestDeclined, .fixedShiftWeekSkipped:
                self = .fixedShiftRequest
            case .scheduleChanged, .scheduleGenerated, .closedDaysChanged, .workplaceTimeZoneChanged, .availabilityChanged,
                 .teamScheduleChanged, .fixedShiftRequestWithdrawn, .workplaceSettingsChanged, .schedulePlanChanged:
                return nil
            }
        }
    }
}
