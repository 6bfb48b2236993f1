/// One event of the live stream (`{"type":"event","event":{…}}`): a change that committed on the server.
public struct LiveEvent: Sendable, Hashable {
    /// Grows with every event of a workplace; what `resume` and `after` refer to.
    public var id: Int64
    /// What happened: `shift.supplied`, `deal.approved`…
    public var type: Kind
    public var topics: [String]
    /// When it happened, ISO 8601 as sent.
    public var at: String
    public var data: LiveEventData

    public init(id: Int64, type: Kind, topics: [String] = [], at: String = "", data: LiveEventData = LiveEventData()) {
        self.id = id
        self.type = type
        self.topics = topics
        self.at = at
        self.data = data
    }
}

/// The parts of an event's `data` the terminal understands; other fields are ignored.
public struct LiveEventData: Sendable, Hashable {
    public var shiftIds: [Int64]
    /// The shifts right after the change, so the board updates without a round trip.
    public var shifts: [MarketShift]
    public var dealId: Int64?
    public var requestId: Int64?
    /// On a decided deal (`deal.approved`, `deal.rejected`, `deal.cancelled`): who decided and why.
    public var decision: DealDecision?
    /// On the `time_off.*` events: the request as it is after the change.
    public var timeOff: TimeOffRequest?

    public init(
        shiftIds: [Int64] = [], shifts: [MarketShift] = [], dealId: Int64? = nil, requestId: Int64? = nil,
        decision: DealDecision? = nil, timeOff: TimeOffRequest? = nil
    ) {
        self.shiftIds = shiftIds
        self.shifts = shifts
        self.dealId = dealId
        self.requestId = requestId
        self.decision = decision
        self.timeOff = timeOff
    }
}

/// Who approved, rejected or cancelled a deal, and the note they left for the people in it (the
/// `decision` of a deal event's data): the people whose shifts it was hear the reason, not only that
/// "a manager" decided. The server encodes this type into the event and the terminal decodes it.
public struct DealDecision: Sendable, Hashable, Codable {
    public var byId: Int64
    public var byName: String
    public var note: String?

    public init(byId: Int64, byName: String, note: String? = nil) {
        self.byId = byId
        self.byName = byName
        self.note = note
    }
}

extension LiveEvent: Decodable {
    enum CodingKeys: String, CodingKey { case id, type, topics, at, data }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.id = try container.decode(Int64.self, forKey: .id)
        self.type = try container.decode(Kind.self, forKey: .type)
        self.topics = (try? container.decodeIfPresent([String].self, forKey: .topics)) ?? []
        self.at = (try? container.decodeIfPresent(String.self, forKey: .at)) ?? ""
        // Events we do not know carry other data: never let that fail the whole message.
        self.data = (try? container.decodeIfPresent(LiveEventData.self, forKey: .data)) ?? LiveEventData()
    }
}

extension LiveEventData: Decodable {
    enum CodingKeys: String, CodingKey { case shiftIds, shifts, dealId, requestId, decision, timeOff }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.shiftIds = (try? container.decodeIfPresent([Int64].self, forKey: .shiftIds)) ?? []
        self.shifts = (try? container.decodeIfPresent([MarketShift].self, forKey: .shifts)) ?? []
        self.dealId = try? container.decodeIfPresent(Int64.self, forKey: .dealId)
        self.requestId = try? container.decodeIfPresent(Int64.self, forKey: .requestId)
        self.decision = try? container.decodeIfPresent(DealDecision.self, forKey: .decision)
        self.timeOff = try? container.decodeIfPresent(TimeOffRequest.self, forKey: .timeOff)
    }
}
