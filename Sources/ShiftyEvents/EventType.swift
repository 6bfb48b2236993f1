import ShiftyDomain

/// Every type of row in the `events` outbox, with the live topics it is pushed on and who may
/// receive it, defined next to each other.
///
/// The kinds the domain announces are the domain's own lists, nested here rather than copied:
/// `Marketplace.apply`'s (`MarketplaceEvent.Kind`, spelled `shift.supplied`…) and time off's
/// (`TimeOffTransition.Event`, spelled `time_off.` and the step). The rest are the server's own
/// (``Server``). The topic and audience switches are exhaustive, so a new type (or a new kind in the
/// domain) does not compile until it has topics and an audience; the guard test walks `allCases` so
/// no type can end up with no topic (and so never pushed).
package enum EventType: Hashable, Sendable, CaseIterable, RawRepresentable {
    /// What `Marketplace.apply` announces.
    case marketplace(MarketplaceEvent.Kind)
    /// A time-off request's step (`time_off.requested`…).
    case timeOff(TimeOffTransition.Event)
    /// A type the server's own services announce.
    case server(Server)

    /// The types the server's own services announce (schedule work, settings, reminders,
    /// availability, fixed-shift requests).
    package enum Server: String, CaseIterable, Sendable {
        // Managers' schedule work.
        case scheduleChanged = "schedule.changed"
        case scheduleGenerated = "schedule.generated"
        /// Some shifts of the team's week changed (any writer of shifts): every member's grid reloads those dates.
        case teamScheduleChanged = "team_schedule.changed"
        /// A manager's drafts changed (drafted, discarded or published): the managers' plans reload
        /// those dates and the publish bar its count. Employees never see drafts.
        case schedulePlanChanged = "schedule_plan.changed"
        /// A manager published drafts that change the member's shifts: one per member and
        /// publication, listing their changes (their one notification).
        case schedulePublished = "schedule.published"
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
        // Availability (to the member and the workplace's managers).
        case availabilityChanged = "availability.changed"
        // Fixed-shift requests (to the member and the workplace's managers).
        case fixedShiftRequestRequested = "fixed_shift_request.requested"
        case fixedShiftRequestApproved = "fixed_shift_request.approved"
        case fixedShiftRequestDeclined = "fixed_shift_request.declined"
        case fixedShiftRequestWithdrawn = "fixed_shift_request.withdrawn"
    }

    package static let allCases: [EventType] =
        MarketplaceEvent.Kind.allCases.map(EventType.marketplace) + TimeOffTransition.Event.allCases.map(EventType.timeOff)
        + Server.allCases.map(EventType.server)

    /// The type's name in the outbox and on the wire.
    package var rawValue: String {
        switch self {
        case .marketplace(let kind): kind.rawValue
        case .timeOff(let event): "time_off." + event.rawValue
        case .server(let type): type.rawValue
        }
    }

    package init?(rawValue: String) {
        guard let type = Self.byRawValue[rawValue] else { return nil }
        self = type
    }

    private static let byRawValue = Dictionary(allCases.map { ($0.rawValue, $0) }, uniquingKeysWith: { first, _ in first })

    /// The topics it is pushed on (docs/live-protocol.md).
    var topics: LiveTopicSet {
        switch self {
        case .marketplace(let kind):
            switch kind {
            case .shiftSupplied, .shiftRevoked: LiveTopicSet([.marketplace])
            case .requestPosted, .requestWithdrawn, .suggestionWithdrawn: LiveTopicSet([.requests])
            case .suggestionMade, .suggestionReleased: LiveTopicSet([.requests, .notifications])
            case .swapProposed, .dealDeclined, .dealCancelled, .dealExpired, .dealRejected, .shiftPickedUp: LiveTopicSet([.deals, .notifications])
            case .dealApproved: LiveTopicSet([.deals, .notifications, .schedule])
            case .dealAwaitingApproval, .approvalResolved: LiveTopicSet([.approvals])
            case .shiftUnassigned, .shiftAssigned, .shiftCreated, .shiftEdited, .ruleOverridden: LiveTopicSet([.notifications, .schedule])
            }
        case .timeOff(let event):
            switch event {
            case .requested, .approved, .declined, .withdrawn: LiveTopicSet([.notifications, .schedule])
            }
        case .server(let type):
            switch type {
            case .shiftsRemovedByClosedDay, .fixedShiftWeekSkipped, .fixedShiftRequestRequested, .fixedShiftRequestApproved,
                 .fixedShiftRequestDeclined, .fixedShiftRequestWithdrawn, .schedulePublished:
                LiveTopicSet([.notifications, .schedule])
            case .shiftReminder: LiveTopicSet([.notifications])
            case .availabilityChanged, .scheduleChanged, .scheduleGenerated, .closedDaysChanged, .workplaceTimeZoneChanged,
                 .teamScheduleChanged, .workplaceSettingsChanged, .schedulePlanChanged:
                LiveTopicSet([.schedule])
            }
        }
    }

    /// Who may receive it at most: everyone in the workplace, its managers, or the members named on
    /// the row. A writer may address it more narrowly (``allows(_:)``), never more widely.
    package var audience: EventAudience {
        switch self {
        case .marketplace(let kind):
            switch kind {
            case .shiftSupplied, .shiftRevoked, .requestPosted, .requestWithdrawn, .suggestionWithdrawn: .workplace
            case .dealAwaitingApproval, .approvalResolved, .ruleOverridden: .managers
            case .shiftUnassigned, .shiftPickedUp, .suggestionMade, .suggestionReleased, .swapProposed, .dealApproved, .dealRejected,
                 .dealCancelled, .dealDeclined, .dealExpired, .shiftCreated, .shiftEdited, .shiftAssigned:
                .users
            }
        case .timeOff(let event):
            switch event {
            case .requested, .approved, .declined, .withdrawn: .users
            }
        case .server(let type):
            switch type {
            case .closedDaysChanged, .workplaceTimeZoneChanged, .teamScheduleChanged, .workplaceSettingsChanged: .workplace
            case .schedulePlanChanged: .managers
            case .scheduleChanged, .scheduleGenerated, .shiftsRemovedByClosedDay, .shiftReminder, .availabilityChanged,
                 .fixedShiftRequestRequested, .fixedShiftRequestApproved, .fixedShiftRequestDeclined, .fixedShiftRequestWithdrawn,
                 .fixedShiftWeekSkipped, .schedulePublished:
                .users
            }
        }
    }

    /// Whether a row of this type may be addressed to `audience`: its own audience, or (for a
    /// workplace-wide type) a narrower one, such as a suggestion withdrawn while only the
    /// requester still cares.
    package func allows(_ audience: EventAudience) -> Bool {
        audience == self.audience || self.audience == .workplace
    }
}
