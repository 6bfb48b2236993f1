import Foundation

/// The lexical rules of RFC 5545 that every line of a feed follows.
///
/// Calendar clients are strict in different ways (Outlook rejects long lines, Google drops events
/// whose text has a bare comma in the wrong place), so the writer never emits a line that has not
/// gone through ``escape(_:)`` and ``fold(_:)``.
enum ICalendarText {
    /// RFC 5545 3.1: lines longer than 75 octets are split; continuation lines start with a space.
    static let maximumLineOctets = 75

    /// Escapes a TEXT value (RFC 5545 3.3.11): backslash, semicolon, comma and newlines.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\r": escaped += "\\n"
            case "\n": if !previousWasCarriageReturn { escaped += "\\n" }
            case _ where scalar.properties.generalCategory == .control:
                // Other control characters are not allowed in TEXT; a space keeps words apart.
                escaped += " "
            default: escaped.unicodeScalars.append(scalar)
            }
            previousWasCarriageReturn = scalar == "\r"
        }
        return escaped
    }

    /// Splits one content line into physical lines of at most 75 octets, never inside a UTF-8
    /// sequence, joined with CRLF + space; the result has no trailing CRLF.
    static func fold(_ line: String) -> String {
        guard line.utf8.count > maximumLineOctets else { return line }
        var folded = ""
        folded.reserveCapacity(line.utf8.count + line.utf8.count / 70 * 3)
        var octetsOnLine = 0
        for scalar in line.unicodeScalars {
            let width = UTF8.width(scalar)
            if octetsOnLine + width > maximumLineOctets {
                folded += "\r\n "
                octetsOnLine = 1
            }
            folded.unicodeScalars.append(scalar)
            octetsOnLine += width
        }
        return folded
    }

    /// A UTC DATE-TIME (`19980119T070000Z`, RFC 5545 3.3.5 form 2): calendars convert it to the
    /// subscriber's zone, so the feed needs no VTIMEZONE.
    static func utcDateTime(_ date: Date) -> String {
        let components = utcCalendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String {
            let number = value ?? 0
            return number < 10 ? "0\(number)" : "\(number)"
        }
        let year = String(components.year ?? 1970)
        let paddedYear = String(repeating: "0", count: max(0, 4 - year.count)) + year
        return "\(paddedYear)\(two(components.month))\(two(components.day))T\(two(components.hour))\(two(components.minute))\(two(components.second))Z"
    }

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()
}
