/// Calendar arithmetic on `YYYY-MM-DD` strings without Foundation's calendars (pure and fast).
public enum LocalDateText {
    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// "Tue" for "2026-11-24"; `nil` for text that is not a date.
    public static func weekday(of text: String) -> String? {
        let parts = text.split(separator: "-")
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        // Days since 1970-01-01 (a Thursday), by the civil-from-days inverse.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let mondayBased = ((days + 3) % 7 + 7) % 7
        return self.weekdays[mondayBased]
    }
}
