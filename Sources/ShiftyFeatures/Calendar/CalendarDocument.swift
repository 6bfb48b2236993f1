import Foundation
import ShiftyDomain

/// A complete VCALENDAR for one member, rendered as RFC 5545 text.
///
/// A pure value so the exact output (escaping, folding, CRLF) is tested without a database.
package struct CalendarDocument: Sendable {
    static let productID = "-//Shifty//Shift calendar feed//EN"

    /// `X-WR-CALNAME`: the name clients give the subscription.
    var name: String
    /// `X-WR-TIMEZONE`: the workplace's zone, a hint for clients; every time is in UTC.
    var timeZone: String
    /// `DTSTAMP` of every event: when this copy of the feed was made.
    var generatedAt: Date
    var events: [CalendarEvent]

    package init(name: String, timeZone: String, generatedAt: Date, events: [CalendarEvent]) {
        self.name = name
        self.timeZone = timeZone
        self.generatedAt = generatedAt
        self.events = events
    }

    /// The document with CRLF line ends, every line folded at 75 octets.
    package func render() -> String {
        var lines: [String] = [
            "BEGIN:VCALENDAR",
            "PRODID:\(Self.productID)",
            "VERSION:2.0",
            "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
            "X-WR-CALNAME:\(ICalendarText.escape(name))",
            "X-WR-TIMEZONE:\(ICalendarText.escape(timeZone))",
            // Suggest a refresh interval (RFC 7986 and the older Microsoft property).
            "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
            "X-PUBLISHED-TTL:PT1H",
        ]
        let stamp = ICalendarText.utcDateTime(generatedAt)
        for event in events {
            lines.append("BEGIN:VEVENT")
            lines.append("UID:\(ICalendarText.escape(event.uid))")
            lines.append("DTSTAMP:\(stamp)")
            if let days = event.allDay {
                lines.append("DTSTART;VALUE=DATE:\(Self.basicDate(days.lowerBound))")
                lines.append("DTEND;VALUE=DATE:\(Self.basicDate(days.upperBound.adding(days: 1)))")
            } else {
                lines.append("DTSTART:\(ICalendarText.utcDateTime(event.start))")
                lines.append("DTEND:\(ICalendarText.utcDateTime(event.end))")
            }
            lines.append("SUMMARY:\(ICalendarText.escape(event.summary))")
            if let description = event.description {
                lines.append("DESCRIPTION:\(ICalendarText.escape(description))")
            }
            lines.append("SEQUENCE:\(event.sequence)")
            lines.append("LAST-MODIFIED:\(ICalendarText.utcDateTime(event.lastModified))")
            lines.append("STATUS:\(event.cancelled ? "CANCELLED" : "CONFIRMED")")
            lines.append("TRANSP:\(event.cancelled ? "TRANSPARENT" : "OPAQUE")")
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return lines.map(ICalendarText.fold).joined(separator: "\r\n") + "\r\n"
    }

    /// RFC 5545 DATE form: "20260608".
    static func basicDate(_ date: LocalDate) -> String {
        date.description.replacingOccurrences(of: "-", with: "")
    }
}
