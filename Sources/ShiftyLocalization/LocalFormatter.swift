import Foundation

/// Dates, times, weekdays, numbers and durations the way a language writes them, in a time zone.
///
/// The catalogue says which CLDR locale formats its language (`language.locale`, e.g. `en-GB`, so
/// English uses the 24-hour clock and day-month order like the rest of the product); times are
/// always 24-hour `HH:mm` because shift times are read off a rota. Week numbers are ISO 8601 weeks.
/// Formatters are made per instance: a `LocalFormatter` belongs to one request or one command.
public struct LocalFormatter: @unchecked Sendable {
    public let catalogue: Catalogue
    public let timeZone: TimeZone
    public let locale: Locale
    private let calendar: Calendar

    public init(language: LanguageCode, timeZone: TimeZone) {
        self.catalogue = Catalogue.of(language)
        self.timeZone = timeZone
        let identifier = catalogue.has("language.locale") ? catalogue.text("language.locale") : catalogue.language.rawValue
        self.locale = Locale(identifier: identifier.replacingOccurrences(of: "-", with: "_"))
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        calendar.locale = locale
        self.calendar = calendar
    }

    /// How a date is written.
    public enum DateStyle: Sendable {
        /// "Mon 6 Jul" / "ma 6 jul": lists and tables.
        case weekdayDayMonth
        /// "Monday 6 July 2026" / "maandag 6 juli 2026": headings and e-mails.
        case long
        /// "6 Jul" / "6 jul".
        case dayMonth
        /// "July 2026" / "juli 2026": the monthly report.
        case monthYear
    }

    public func date(_ instant: Date, _ style: DateStyle = .weekdayDayMonth) -> String {
        let template: String
        switch style {
        case .weekdayDayMonth: template = "EEEdMMM"
        case .long: template = "EEEEdMMMMyyyy"
        case .dayMonth: template = "dMMM"
        case .monthYear: template = "MMMMyyyy"
        }
        return formatter(template: template).string(from: instant)
    }

    /// A calendar date (no instant attached) such as a shift's `2026-07-06`, written in `style`.
    public func date(year: Int, month: Int, day: Int, _ style: DateStyle = .weekdayDayMonth) -> String {
        let components = DateComponents(year: year, month: month, day: day, hour: 12)
        guard let instant = calendar.date(from: components) else { return "\(year)-\(month)-\(day)" }
        return date(instant, style)
    }

    /// "09:00": a 24-hour time in the time zone.
    public func time(_ instant: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "HH:mm"
        return formatter.string(from: instant)
    }

    /// The weekday's name, 1 = Monday … 7 = Sunday as the domain counts them.
    public func weekday(_ isoWeekday: Int, abbreviated: Bool = false) -> String {
        let symbols: [String] = abbreviated ? formatter(template: "EEE").shortStandaloneWeekdaySymbols : formatter(template: "EEEE").standaloneWeekdaySymbols
        guard symbols.count == 7, (1...7).contains(isoWeekday) else { return String(isoWeekday) }
        return symbols[isoWeekday % 7]  // Foundation's symbols start on Sunday.
    }

    /// "Week 27": the ISO 8601 week of the instant in the time zone.
    public func isoWeek(_ instant: Date) -> String {
        catalogue.text("format.week", ["week": String(calendar.component(.weekOfYear, from: instant))])
    }

    /// "7.5" / "7,5": a number with at most `fractionDigits` decimals.
    public func number(_ value: Double, fractionDigits: Int = 2) -> String {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .decimal
        formatter.minimumFractionDigits = 0
        formatter.maximumFractionDigits = fractionDigits
        return formatter.string(from: NSNumber(value: value)) ?? String(value)
    }

    /// "7 h 30 min" / "7 u 30 min": a duration in whole minutes, negative with a minus sign.
    public func duration(minutes: Int) -> String {
        let sign = minutes < 0 ? "−" : ""
        let hours = abs(minutes) / 60
        let rest = abs(minutes) % 60
        let key = hours == 0 ? "format.duration.minutes" : (rest == 0 ? "format.duration.hours" : "format.duration.hoursMinutes")
        return sign + catalogue.text(key, ["hours": String(hours), "minutes": String(rest)])
    }

    private func formatter(template: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        formatter.calendar = calendar
        formatter.setLocalizedDateFormatFromTemplate(template)
        return formatter
    }
}
