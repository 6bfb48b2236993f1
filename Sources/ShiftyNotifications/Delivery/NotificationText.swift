import Foundation
import ShiftyDomain
import ShiftyEvents
import ShiftyLocalization

/// The words of a notification made from an event row: a subject, a plain-text body and the page it
/// links to. Rendered once, when the delivery row is written, in the recipient's language (their
/// own, else the workplace's), so every retry sends the same text.
package struct NotificationText: Equatable, Sendable {
    var subject: String
    var body: String
    /// The page's route (`#/swaps`), made absolute with the server's public URL when sent.
    var route: String
    /// The language the text is written in; the e-mail's frame and the push text follow it.
    var language: LanguageCode = .english

    package init(subject: String, body: String, route: String, language: LanguageCode = .english) {
        self.subject = subject
        self.body = body
        self.route = route
        self.language = language
    }

    /// The text of an event of `type` with its JSON `payload`, written in `language` with dates as
    /// that language writes them.
    static func of(
        type: EventType, payload: [String: Any], language: LanguageCode = .english,
        timeZone: TimeZone = .gmt
    ) -> NotificationText {
        let catalogue = Catalogue.of(language)
        let format = LocalFormatter(language: language, timeZone: timeZone)
        func text(_ name: String, _ arguments: [String: String] = [:]) -> String {
            catalogue.text("server.notification.\(name)", arguments)
        }
        func make(_ name: String, _ arguments: [String: String], route: String) -> NotificationText {
            NotificationText(subject: text("\(name).subject", arguments), body: text("\(name).body", arguments), route: route, language: language)
        }
        let shifts = (payload["shifts"] as? [[String: Any]]) ?? []
        let what = Self.describe(shifts, catalogue: catalogue, format: format)
        let decision = payload["decision"] as? [String: Any]
        let decider = (decision?["byName"] as? String) ?? text("aManager")
        let note = (decision?["note"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        let noteLine = note.map { "\n\n" + text("noteFrom", ["name": decider, "note": $0]) } ?? ""
        let values = ["what": what, "name": decider, "note": noteLine]
        switch type {
        case .marketplace(.dealApproved): return make("dealApproved", values, route: "#/swaps")
        case .marketplace(.dealRejected): return make("dealRejected", values, route: "#/swaps")
        case .marketplace(.dealCancelled): return make("dealCancelled", values, route: "#/swaps")
        case .marketplace(.dealDeclined): return make("dealDeclined", values, route: "#/swaps")
        case .marketplace(.dealExpired): return make("dealExpired", values, route: "#/swaps")
        case .marketplace(.swapProposed): return make("swapProposed", values, route: "#/swaps")
        case .marketplace(.suggestionMade): return make("suggestionMade", values, route: "#/requests")
        case .marketplace(.suggestionReleased): return make("suggestionReleased", values, route: "#/requests")
        case .marketplace(.shiftPickedUp): return make("shiftPickedUp", values, route: "#/swaps")
        case .marketplace(.shiftUnassigned): return make("shiftUnassigned", values, route: "#/schedule")
        case .marketplace(.shiftAssigned), .marketplace(.shiftCreated): return make("shiftAssigned", values, route: "#/schedule")
        case .marketplace(.shiftEdited): return make("shiftEdited", values, route: "#/schedule")
        case .server(.shiftsRemovedByClosedDay): return make("shiftsRemovedByClosedDay", values, route: "#/schedule")
        case .server(.shiftReminder): return make("shiftReminder", values, route: "#/schedule")
        case .timeOff(.approved), .timeOff(.declined):
            let timeOff = payload["timeOff"] as? [String: Any] ?? [:]
            let first = (timeOff["firstDate"] as? String).map { Self.date($0, format) } ?? ""
            let last = (timeOff["lastDate"] as? String).map { Self.date($0, format) } ?? first
            let period = first == last ? first : text("period", ["first": first, "last": last])
            let managerNote = (timeOff["managerNote"] as? String).flatMap { $0.isEmpty ? nil : $0 }
                .map { "\n\n" + text("note", ["note": $0]) } ?? ""
            let name = type == .timeOff(.approved) ? "timeOffApproved" : "timeOffDeclined"
            return make(name, ["period": period, "note": managerNote], route: "#/time-off")
        case .server(.fixedShiftRequestRequested):
            let request = payload["fixedShiftRequest"] as? [String: Any] ?? [:]
            let name = (request["userName"] as? String) ?? text("aMember")
            let asked = Self.describeFixedShiftRequest(request, catalogue: catalogue, format: format)
            return make("fixedShiftRequestRequested", ["name": name, "asked": asked], route: "#/fixed-shift-requests")
        case .server(.fixedShiftRequestApproved), .server(.fixedShiftRequestDeclined):
            let request = payload["fixedShiftRequest"] as? [String: Any] ?? [:]
            let managerNote = (request["managerNote"] as? String).flatMap { $0.isEmpty ? nil : $0 }
                .map { "\n\n" + text("note", ["note": $0]) } ?? ""
            let asked = Self.describeFixedShiftRequest(request, catalogue: catalogue, format: format)
            let name = type == .server(.fixedShiftRequestApproved) ? "fixedShiftRequestApproved" : "fixedShiftRequestDeclined"
            return make(name, ["asked": asked, "note": managerNote], route: "#/my-fixed-shifts")
        case .server(.fixedShiftWeekSkipped):
            // To the managers, in their language: each week with the rules that refuse it (their problem titles).
            let weeks = (payload["skipped"] as? [[String: Any]]) ?? []
            let lines = weeks.map { week in
                let rules = ((week["rules"] as? [String]) ?? []).map { catalogue.text("server.problem.\($0).title") }
                return text("fixedShiftWeekSkipped.week", [
                    "name": (week["userName"] as? String) ?? text("aMember"),
                    "date": (week["date"] as? String).map { Self.date($0, format) } ?? "",
                    "start": (week["startTime"] as? String) ?? "", "end": (week["endTime"] as? String) ?? "",
                    "rules": rules.joined(separator: "; "),
                ])
            }
            let name = (weeks.first?["userName"] as? String) ?? text("aMember")
            return make("fixedShiftWeekSkipped", ["name": name, "weeks": lines.joined(separator: "\n")], route: "#/fixed-shifts")
        case .marketplace(.shiftSupplied): return make("shiftSupplied", values, route: "#/market")
        case .server(.schedulePublished):
            // One line per change, in the order of the shifts (the publication's one notification).
            let changes = (payload["changes"] as? [[String: Any]]) ?? []
            let lines = changes.map { change -> String in
                let shift = Self.when(change["shift"] as? [String: Any] ?? [:], format)
                let kind = (change["kind"] as? String).flatMap { ["added", "changed", "removed", "released"].contains($0) ? $0 : nil } ?? "changed"
                let before = (change["before"] as? [String: Any]).map { Self.when($0, format) }
                return text("schedulePublished.\(kind)", ["shift": shift, "before": before ?? shift])
            }
            return make("schedulePublished", ["changes": lines.joined(separator: "\n")], route: "#/schedule")
        default:
            return make("other", ["type": type.rawValue], route: "#/notifications")
        }
    }

    /// "add a fixed shift every Monday at 09:00", "change your fixed shift on Tuesday", "end …"
    /// (`server.notification.fixedShiftRequest.*`).
    static func describeFixedShiftRequest(_ request: [String: Any], catalogue: Catalogue = .of(.english), format: LocalFormatter? = nil) -> String {
        let format = format ?? LocalFormatter(language: catalogue.language, timeZone: .gmt)
        func day(_ value: Any?) -> String? { (value as? NSNumber).map(\.intValue).flatMap { (1...7).contains($0) ? format.weekday($0) : nil } }
        func text(_ name: String, _ arguments: [String: String] = [:]) -> String {
            catalogue.text("server.notification.fixedShiftRequest.\(name)", arguments)
        }
        // The fixed shift as it was before the decision (an approved change already shows the new values).
        let current = (request["before"] as? [String: Any]) ?? (request["fixedShift"] as? [String: Any])
        switch request["kind"] as? String {
        case "add":
            let weekday = day(request["weekday"])
            let start = request["startTime"] as? String
            switch (weekday, start) {
            case let (weekday?, start?): return text("addOnAt", ["weekday": weekday, "time": start])
            case let (weekday?, nil): return text("addOn", ["weekday": weekday])
            default: return text("add")
            }
        case "end":
            return day(current?["weekday"]).map { text("endOn", ["weekday": $0]) } ?? text("end")
        default:
            return day(current?["weekday"]).map { text("changeOn", ["weekday": $0]) } ?? text("change")
        }
    }

    /// "the shift on Mon 30 Nov, 09:00–17:00 (bar)", or "… and 1 more" for more.
    static func describe(_ shifts: [[String: Any]], catalogue: Catalogue = .of(.english), format: LocalFormatter? = nil) -> String {
        guard let first = shifts.first else { return catalogue.text("server.notification.yourShift") }
        let format = format ?? LocalFormatter(language: catalogue.language, timeZone: .gmt)
        let date = (first["date"] as? String).map { Self.date($0, format) } ?? ""
        let start = (first["startTime"] as? String) ?? ""
        let end = (first["endTime"] as? String) ?? ""
        let position = (first["position"] as? String).map { " (\($0))" } ?? ""
        let one = catalogue.text("server.notification.theShift", ["date": date, "start": start, "end": end, "position": position])
        return shifts.count == 1 ? one : catalogue.plural("server.notification.andMore", count: shifts.count - 1, ["shift": one])
    }

    /// "Mon 30 Nov, 09:00–17:00 (bar)": one shift of a payload, as a line of a notification says it.
    static func when(_ shift: [String: Any], _ format: LocalFormatter) -> String {
        let date = (shift["date"] as? String).map { Self.date($0, format) } ?? ""
        let position = (shift["position"] as? String).map { " (\($0))" } ?? ""
        return "\(date), \(shift["startTime"] as? String ?? "")–\(shift["endTime"] as? String ?? "")\(position)"
    }

    /// A `YYYY-MM-DD` calendar date as the language writes it ("Mon 30 Nov"); anything else as it is.
    static func date(_ iso: String, _ format: LocalFormatter) -> String {
        let parts = iso.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return iso }
        return format.date(year: parts[0], month: parts[1], day: parts[2])
    }
}
