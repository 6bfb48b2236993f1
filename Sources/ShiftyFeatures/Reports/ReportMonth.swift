import ShiftyDomain

/// A calendar month as written in URLs and on the command line: "YYYY-MM".
public struct ReportMonth: Sendable, Hashable, Codable, LosslessStringConvertible {
    public let year: Int
    public let month: Int

    public init?(year: Int, month: Int) {
        guard (2000...2200).contains(year), (1...12).contains(month) else { return nil }
        self.year = year
        self.month = month
    }

    /// Parses exactly "YYYY-MM"; anything else is `nil`.
    public init?(_ description: String) {
        guard description.utf8.count == 7, let date = LocalDate(description + "-01") else { return nil }
        self.init(year: date.year, month: date.month)
    }

    public var description: String { String(firstDate.description.prefix(7)) }
    public var firstDate: LocalDate { LocalDate(year: year, month: month, day: 1) ?? LocalDate(daysSinceEpoch: 0) }
    public var lastDate: LocalDate { firstDate.adding(days: firstDate.daysInMonth - 1) }

    public init(containing date: LocalDate) {
        self.year = date.year
        self.month = date.month
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let month = ReportMonth(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected a month as YYYY-MM, got \"\(text)\"")
        }
        self = month
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
