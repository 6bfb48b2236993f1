extension LocalDateText {
    /// Days since 1970-01-01 for a `YYYY-MM-DD` text (proleptic Gregorian), `nil` for anything else.
    public static func dayNumber(of text: String) -> Int? {
        let parts = text.split(separator: "-")
        guard parts.count == 3, parts[0].count == 4, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The `YYYY-MM-DD` text of a day number (the inverse of ``dayNumber(of:)``).
    public static func text(ofDayNumber number: Int) -> String {
        let shifted = number + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// `text` moved by `days` (negative goes back); `nil` when `text` is not a date.
    public static func adding(_ days: Int, to text: String) -> String? {
        self.dayNumber(of: text).map { self.text(ofDayNumber: $0 + days) }
    }

    /// The Monday of the ISO week holding `text`.
    public static func monday(of text: String) -> String? {
        guard let number = self.dayNumber(of: text) else { return nil }
        let mondayBased = ((number + 3) % 7 + 7) % 7
        return self.text(ofDayNumber: number - mondayBased)
    }

    /// The seven dates of the week starting on `monday`.
    public static func week(startingOn monday: String) -> [String] {
        guard let number = self.dayNumber(of: monday) else { return [] }
        return (0..<7).map { self.text(ofDayNumber: number + $0) }
    }
}
