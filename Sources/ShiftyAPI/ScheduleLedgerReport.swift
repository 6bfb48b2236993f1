/// The schedule-change ledger for a period (`GET /reports/schedule-changes`, managers): every entry
/// of shifts dated `from` through `to`, exempt and waived ones included and marked, and per member
/// what is owed (entries neither exempt nor waived).
public struct ScheduleLedgerReport: Codable, Sendable, Hashable {
    public var from: String
    public var to: String
    public var currency: String
    public var entries: [LedgerEntryView]
    public var people: [Person]

    public init(from: String, to: String, currency: String, entries: [LedgerEntryView], people: [Person]) {
        self.from = from
        self.to = to
        self.currency = currency
        self.entries = entries
        self.people = people
    }

    /// What one member is owed for the period.
    public struct Person: Codable, Sendable, Hashable {
        public var userId: Int64
        public var userName: String
        /// Entries owing something (neither exempt nor waived).
        public var entries: Int
        public var premiumMinutes: Int
        public var premiumCents: Int
        /// The whole amount at the member's wages; absent when minutes are owed on a date without a wage.
        public var amountCents: Int?

        public init(userId: Int64, userName: String, entries: Int, premiumMinutes: Int, premiumCents: Int, amountCents: Int?) {
            self.userId = userId
            self.userName = userName
            self.entries = entries
            self.premiumMinutes = premiumMinutes
            self.premiumCents = premiumCents
            self.amountCents = amountCents
        }
    }
}

/// A manager's waiver of a ledger entry (`POST /schedule-ledger/{id}/waive`): why it owes nothing
/// after all (a law's exception, an agreement with the member).
public struct WaiveLedgerEntryBody: Codable, Sendable, Hashable {
    public var reason: String

    public init(reason: String) {
        self.reason = reason
    }
}
