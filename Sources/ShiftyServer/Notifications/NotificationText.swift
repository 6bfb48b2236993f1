import Foundation
import ShiftyDomain

/// The words of a notification made from an event row: a subject, a plain-text body and the page it
/// links to. Rendered once, when the delivery row is written, so every retry sends the same text.
struct NotificationText: Equatable, Sendable {
    var subject: String
    var body: String
    /// The page's route (`#/swaps`), made absolute with the server's public URL when sent.
    var route: String

    /// The text of an event of `type` with its JSON `payload` for the member `recipientID`.
    static func of(type: EventType, payload: [String: Any], recipientID: Int64) -> NotificationText {
        let shifts = (payload["shifts"] as? [[String: Any]]) ?? []
        let what = Self.describe(shifts)
        let decision = payload["decision"] as? [String: Any]
        let decider = (decision?["byName"] as? String) ?? "A manager"
        let note = (decision?["note"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        let noteLine = note.map { "\n\nNote from \(decider): \u{201C}\($0)\u{201D}" } ?? ""
        switch type {
        case .dealApproved:
            return .init(subject: "Approved: \(what)", body: "\(decider) approved the deal for \(what).\(noteLine)", route: "#/swaps")
        case .dealRejected:
            return .init(subject: "Rejected: \(what)", body: "\(decider) rejected the deal for \(what).\(noteLine)", route: "#/swaps")
        case .dealCancelled:
            return .init(subject: "Cancelled: \(what)", body: "\(decider) cancelled the deal for \(what).\(noteLine)", route: "#/swaps")
        case .dealDeclined:
            return .init(subject: "Declined: \(what)", body: "Your swap proposal for \(what) was declined.", route: "#/swaps")
        case .dealExpired:
            return .init(subject: "Expired: \(what)", body: "The deal for \(what) expired before anyone decided it.", route: "#/swaps")
        case .swapProposed:
            return .init(subject: "Swap proposed: \(what)", body: "Someone proposes a swap involving \(what). Accept or decline it on the Swaps page.", route: "#/swaps")
        case .suggestionMade:
            return .init(subject: "A shift for your request: \(what)", body: "Someone suggested \(what) for your request.", route: "#/requests")
        case .suggestionReleased:
            return .init(subject: "Suggestion released: \(what)", body: "A suggestion for \(what) was released.", route: "#/requests")
        case .shiftPickedUp:
            return .init(subject: "Picked up: \(what)", body: "Your shift \(what) was picked up; a manager still approves the deal.", route: "#/swaps")
        case .shiftUnassigned:
            return .init(subject: "Unassigned: \(what)", body: "A manager unassigned \(what). It is on the marketplace; you cover it until someone's pick-up is approved.", route: "#/schedule")
        case .shiftAssigned, .shiftCreated:
            return .init(subject: "New shift: \(what)", body: "You have a new shift: \(what).", route: "#/schedule")
        case .shiftEdited:
            return .init(subject: "Changed: \(what)", body: "A manager changed your shift; it is now \(what).", route: "#/schedule")
        case .shiftsRemovedByClosedDay:
            return .init(subject: "Shift removed: closed day", body: "A closed day removed your shift on it.", route: "#/schedule")
        case .shiftReminder:
            return .init(subject: "Reminder: \(what)", body: "Your shift \(what) starts soon.", route: "#/schedule")
        case .timeOffApproved, .timeOffDeclined:
            let timeOff = payload["timeOff"] as? [String: Any] ?? [:]
            let first = (timeOff["firstDate"] as? String) ?? ""
            let last = (timeOff["lastDate"] as? String) ?? first
            let period = first == last ? first : "\(first) to \(last)"
            let managerNote = (timeOff["managerNote"] as? String).flatMap { $0.isEmpty ? nil : $0 }.map { "\n\nNote: \u{201C}\($0)\u{201D}" } ?? ""
            let word = type == .timeOffApproved ? "approved" : "declined"
            return .init(subject: "Time off \(word): \(period)", body: "Your time off for \(period) was \(word).\(managerNote)", route: "#/time-off")
        case .fixedShiftRequestRequested:
            let request = payload["fixedShiftRequest"] as? [String: Any] ?? [:]
            let name = (request["userName"] as? String) ?? "A member"
            let asked = Self.describeFixedShiftRequest(request)
            return .init(
                subject: "Fixed-shift request: \(name)", body: "\(name) asks to \(asked). Approve or decline it on the Fixed-shift requests page.",
                route: "#/fixed-shift-requests")
        case .fixedShiftRequestApproved, .fixedShiftRequestDeclined:
            let request = payload["fixedShiftRequest"] as? [String: Any] ?? [:]
            let managerNote = (request["managerNote"] as? String).flatMap { $0.isEmpty ? nil : $0 }.map { "\n\nNote: \u{201C}\($0)\u{201D}" } ?? ""
            let word = type == .fixedShiftRequestApproved ? "approved" : "declined"
            return .init(
                subject: "Fixed-shift request \(word)",
                body: "Your request to \(Self.describeFixedShiftRequest(request)) was \(word).\(managerNote)", route: "#/my-fixed-shifts")
        case .shiftSupplied:
            return .init(subject: "Offered: \(what)", body: "\(what) is offered on the marketplace.", route: "#/market")
        default:
            return .init(subject: "Shifty: \(type.rawValue)", body: "Something changed: \(type.rawValue).", route: "#/notifications")
        }
    }

    /// "add a fixed shift every Monday at 09:00", "change your fixed shift on Tuesday", "end …".
    static func describeFixedShiftRequest(_ request: [String: Any]) -> String {
        let days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        func day(_ value: Any?) -> String? { (value as? NSNumber).map(\.intValue).flatMap { (1...7).contains($0) ? days[$0 - 1] : nil } }
        let current = request["fixedShift"] as? [String: Any]
        let currentDay = day(current?["weekday"]).map { " on \($0)" } ?? ""
        switch request["kind"] as? String {
        case "add":
            let at = (request["startTime"] as? String).map { " at \($0)" } ?? ""
            return "add a fixed shift every \(day(request["weekday"]) ?? "week")\(at)"
        case "end":
            return "end the fixed shift\(currentDay)"
        default:
            return "change the fixed shift\(currentDay)"
        }
    }

    /// "the shift on 2026-11-30, 09:00–17:00 (bar)", or "2 shifts" for more.
    static func describe(_ shifts: [[String: Any]]) -> String {
        guard let first = shifts.first else { return "your shift" }
        let date = (first["date"] as? String) ?? ""
        let start = (first["startTime"] as? String) ?? ""
        let end = (first["endTime"] as? String) ?? ""
        let position = (first["position"] as? String).map { " (\($0))" } ?? ""
        let one = "the shift on \(date), \(start)\u{2013}\(end)\(position)"
        return shifts.count == 1 ? one : "\(one) and \(shifts.count - 1) more"
    }
}
