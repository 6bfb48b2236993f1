import ShiftyAPI
import ShiftyDomain

extension ShiftyAPI.MemberAvailabilityView {
    /// A member's windows as the domain checked and the store read them.
    package init(userId: Int64, availability: [WeeklyAvailability]) {
        self.init(userId: userId, entries: availability.map(Entry.init))
    }
}

extension ShiftyAPI.MemberAvailabilityView.Entry {
    /// One weekly window.
    init(_ window: WeeklyAvailability) {
        let kind: Kind = switch window.kind {
        case .unavailable: .unavailable
        case .preferred: .preferred
        }
        self.init(weekday: window.weekday.rawValue, from: window.from.description, to: window.to.description, kind: kind)
    }
}
