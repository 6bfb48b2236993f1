/// The workplace's "now" board (`GET /api/v1/now`): who works now and who starts next.
public struct NowBoard: Decodable, Sendable, Hashable {
    public struct Entry: Decodable, Sendable, Hashable {
        public struct Person: Decodable, Sendable, Hashable {
            public var id: Int64
            public var name: String
        }

        public var shiftId: Int64
        public var user: Person
        public var position: String?
        public var date: String
        public var startTime: String
        public var endTime: String
        public var percentDone: Double?

        public init(shiftId: Int64, userName: String, position: String? = nil, date: String, startTime: String, endTime: String, percentDone: Double? = nil) {
            self.shiftId = shiftId
            self.user = Person(id: 0, name: userName)
            self.position = position
            self.date = date
            self.startTime = startTime
            self.endTime = endTime
            self.percentDone = percentDone
        }
    }

    public struct Next: Decodable, Sendable, Hashable {
        /// `today` or `laterDay`.
        public var when: String
        public var date: String
        public var shifts: [Entry]
    }

    public var date: String
    public var closedDay: String?
    public var onShift: [Entry]
    public var next: Next?
    public var dayProgressPercent: Double?

    public init(date: String, closedDay: String? = nil, onShift: [Entry], next: Next? = nil, dayProgressPercent: Double? = nil) {
        self.date = date
        self.closedDay = closedDay
        self.onShift = onShift
        self.next = next
        self.dayProgressPercent = dayProgressPercent
    }
}

extension NowBoard.Next {
    public init(when: String, date: String, entries: [NowBoard.Entry]) {
        self.when = when
        self.date = date
        self.shifts = entries
    }
}
