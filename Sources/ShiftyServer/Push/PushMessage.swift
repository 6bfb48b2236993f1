import Foundation

/// What a push notification shows: the JSON the service worker reads in its `push` handler.
///
/// Short and generic on purpose: the lock screen is public, so the text names the kind of news and
/// the page (opened by a click, after login) shows the details.
struct PushMessage: Codable, Sendable, Equatable {
    var title: String
    var body: String
    /// The page to open on click, as the page's own hash route (`#/schedule`).
    var url: String
    /// One notification per event on the device (`tag`), so a repeat replaces instead of piling up.
    var tag: String
    var eventId: Int64
    var type: String

    /// The notification for an event that concerns a person, or nil for events that do not go to
    /// phones (the same set the page's Notifications list shows: topic `notifications`).
    static func make(eventID: Int64, type: String) -> PushMessage? {
        guard let known = EventType(rawValue: type), known.topics.contains(.notifications) else { return nil }
        let (title, body, page): (String, String, String)
        switch known {
        case .suggestionMade: (title, body, page) = ("Shift suggested", "A coworker suggested a shift for your request.", "requests")
        case .suggestionReleased: (title, body, page) = ("Suggestion released", "Your suggested shift went back to your schedule.", "schedule")
        case .swapProposed: (title, body, page) = ("Swap proposed", "A coworker proposes a swap with you.", "swaps")
        case .dealApproved: (title, body, page) = ("Deal approved", "A manager approved a deal on your shifts.", "schedule")
        case .dealRejected: (title, body, page) = ("Deal rejected", "A manager rejected a deal on your shifts. Open it to read the note.", "schedule")
        case .dealDeclined: (title, body, page) = ("Swap declined", "The swap was declined. Both shifts stay where they were.", "swaps")
        case .dealCancelled: (title, body, page) = ("Deal withdrawn", "A deal on your shifts was withdrawn.", "schedule")
        case .dealExpired: (title, body, page) = ("Deal expired", "A deal expired because the shift started before anyone decided.", "schedule")
        case .shiftUnassigned: (title, body, page) = ("Shift released", "A manager released one of your shifts to the marketplace.", "market")
        case .shiftAssigned: (title, body, page) = ("Shift assigned", "A manager changed who works one of your shifts.", "schedule")
        case .shiftCreated: (title, body, page) = ("New shift", "A manager added a shift for you.", "schedule")
        case .ruleOverridden: (title, body, page) = ("Rule overridden", "A manager overrode a scheduling rule.", "schedule")
        case .shiftPickedUp: (title, body, page) = ("Shift picked up", "Someone picked up your shift. A manager decides next.", "swaps")
        case .shiftsRemovedByClosedDay: (title, body, page) = ("Day closed", "A closed day took a shift off your schedule.", "schedule")
        case .shiftReminder: (title, body, page) = ("Shift soon", "Your shift starts soon.", "schedule")
        default: (title, body, page) = ("Shifty", "There is news about your shifts.", "notifications")
        }
        return PushMessage(title: title, body: body, url: "/#/" + page, tag: "event-\(eventID)", eventId: eventID, type: type)
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }
}
