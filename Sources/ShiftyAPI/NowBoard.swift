import Foundation

/// The workplace's "now" board (openapi.yaml `NowBoard`): `GET /api/v1/now` and the `now` of the
/// live `now` message. Who works now, who starts next, and how much of the day's schedule has
/// passed. The server encodes this type (from the board it computes) and the terminal decodes it
/// (`shifty now`).
///
/// Every key of the board itself is always written, `null` when it does not apply, so a client
/// can tell "no shifts today" from an older server that lacks the field; an entry leaves out a
/// `position` or `percentDone` it does not have.
public struct NowBoard: Codable, Sendable, Hashable {
    /// A member, as the board names them.
    public struct Person: Codable, Sendable, Hashable {
        public var id: Int64
        public var name: String

        public init(id: Int64, name: String) {
            self.id = id
            self.name = name
        }
    }

    /// One shift on the board, with local times for display and instants for clients that compute.
    public struct Entry: Codable, Sendable, Hashable {
        public var shiftId: Int64
        public var user: Person
        public var position: String?
        /// The workplace-local date the shift belongs to (the date of its start).
        public var date: String
        public var startTime: String
        public var endTime: String
        @ISO8601Date public var startsAt: Date
        @ISO8601Date public var endsAt: Date
        /// For shifts in progress: how much of the shift has passed, 0 to 100.
        public var percentDone: Double?

        public init(
            shiftId: Int64, user: Person, position: String? = nil, date: String, startTime: String, endTime: String, startsAt: Date,
            endsAt: Date, percentDone: Double? = nil
        ) {
            self.shiftId = shiftId
            self.user = user
            self.position = position
            self.date = date
            self.startTime = startTime
            self.endTime = endTime
            self.startsAt = startsAt
            self.endsAt = endsAt
            self.percentDone = percentDone
        }
    }

    /// The shifts that start next.
    public struct Next: Codable, Sendable, Hashable {
        public var when: When
        public var date: String
        public var shifts: [Entry]

        public init(when: When, date: String, shifts: [Entry]) {
            self.when = when
            self.date = date
            self.shifts = shifts
        }
    }

    /// Which shifts `next` holds (openapi.yaml `NowBoard.next.when`).
    public enum When: APIWord {
        /// Every shift still to start today.
        case today
        /// The earliest shifts of the next day with shifts, within a week.
        case laterDay
        /// A word of a newer server (``APIWord``).
        case unknown(String)

        public static let allCases: [Self] = [.today, .laterDay]

        public var rawValue: String {
            switch self {
            case .today: "today"
            case .laterDay: "laterDay"
            case .unknown(let word): word
            }
        }
    }

    /// The workplace-local day the board describes.
    public var date: String
    public var timeZone: String
    /// The instant the board was computed for.
    @ISO8601Date public var at: Date
    /// The name of the closed day, when today is one.
    public var closedDay: String?
    /// Shifts in progress at `at`, including night shifts that began the day before.
    public var onShift: [Entry]
    public var next: Next?
    /// First start and last end of today's shifts (`nil` without shifts today).
    @ISO8601OptionalDate public var dayStart: Date?
    @ISO8601OptionalDate public var dayEnd: Date?
    /// How much of `[dayStart, dayEnd]` has passed, 0 to 100 (`nil` without shifts today).
    public var dayProgressPercent: Double?

    public init(
        date: String, timeZone: String, at: Date, closedDay: String? = nil, onShift: [Entry], next: Next? = nil, dayStart: Date? = nil,
        dayEnd: Date? = nil, dayProgressPercent: Double? = nil
    ) {
        self.date = date
        self.timeZone = timeZone
        self.at = at
        self.closedDay = closedDay
        self.onShift = onShift
        self.next = next
        self.dayStart = dayStart
        self.dayEnd = dayEnd
        self.dayProgressPercent = dayProgressPercent
    }

    private enum CodingKeys: String, CodingKey {
        case date, timeZone, at, closedDay, onShift, next, dayStart, dayEnd, dayProgressPercent
    }

    /// Writes every key, `null` for what does not apply (see the type's documentation).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(timeZone, forKey: .timeZone)
        try container.encode(ISO8601Date(wrappedValue: at), forKey: .at)
        try container.encode(closedDay, forKey: .closedDay)
        try container.encode(onShift, forKey: .onShift)
        try container.encode(next, forKey: .next)
        try container.encode(dayStart.map { ISO8601Date(wrappedValue: $0) }, forKey: .dayStart)
        try container.encode(dayEnd.map { ISO8601Date(wrappedValue: $0) }, forKey: .dayEnd)
        try container.encode(dayProgressPercent, forKey: .dayProgressPercent)
    }
}
