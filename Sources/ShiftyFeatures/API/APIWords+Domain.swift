import ShiftyAPI
import ShiftyDomain

// The API's words (ShiftyAPI, which the terminal shares and so cannot know the domain) from the
// enums the server decides with. Each pair is one vocabulary: the API's word is the domain value's
// own spelling, so no case is mapped by hand, and `APIWordListTests` checks that both sides and
// openapi.yaml list the same words (a word added on one side only fails there).

extension ShiftyAPI.MarketShift.Status {
    package init(_ status: ShiftStatus) { self.init(rawValue: status.rawValue) }
}

extension ShiftyAPI.MarketDeal.Kind {
    package init(_ kind: DealKind) { self.init(rawValue: kind.rawValue) }
}

extension ShiftyAPI.MarketDeal.State {
    package init(_ state: DealState) { self.init(rawValue: state.rawValue) }
}

extension ShiftyAPI.ShiftRequest.Status {
    package init(_ status: RequestStatus) { self.init(rawValue: status.rawValue) }
}

extension ShiftyAPI.TimeOffRequest.Status {
    package init(_ status: TimeOffStatus) { self.init(rawValue: status.rawValue) }
}

extension ShiftyAPI.User.Role {
    package init(_ role: MarketplaceActor.Role) { self.init(rawValue: role.rawValue) }
}

extension ShiftyAPI.User.PayType {
    package init(_ payType: ShiftyFeatures.PayType) { self.init(rawValue: payType.rawValue) }
}

extension ShiftyAPI.WorkplaceSettings.Severity {
    package init(_ severity: RuleSeverity) { self.init(rawValue: severity.rawValue) }
}

extension ShiftyAPI.MyHours.Day.Status {
    package init(_ status: DayStatus) { self.init(rawValue: status.rawValue) }
}

extension ShiftyAPI.MyHours.Entry.Attention {
    package init(_ attention: TimesheetAttention) { self.init(rawValue: attention.rawValue) }
}

extension ShiftyAPI.ActionPreview.Action {
    package init(_ action: PreviewedAction) { self.init(rawValue: action.rawValue) }
    package init(_ action: BatchPreviewedAction) { self.init(rawValue: action.rawValue) }
}

extension ShiftyAPI.NotificationPreferencesView.Kind {
    package init(_ kind: NotificationKind) { self.init(rawValue: kind.rawValue) }
}

extension ShiftyAPI.NotificationPreferencesView.Channel {
    package init(_ channel: NotificationChannel) { self.init(rawValue: channel.rawValue) }
}

extension ShiftyAPI.FixedShiftRequestView.Kind {
    package init(_ kind: FixedShiftRequestKind) { self.init(rawValue: kind.rawValue) }
}

extension ShiftyAPI.FixedShiftRequestView.Status {
    package init(_ status: FixedShiftRequestStatus) { self.init(rawValue: status.rawValue) }
}

extension ShiftyAPI.MemberHourLimitsView {
    package init(_ limits: MemberHourLimits) {
        self.init(
            maxWeeklyHours: limits.maxWeeklyHours, minRestHours: limits.minRestHours, maxConsecutiveDays: limits.maxConsecutiveDays,
            maxShiftHours: limits.maxShiftHours)
    }
}
