/// A day the workplace is closed (openapi.yaml `ClosedDay`; seed 003's special days):
/// `GET /api/v1/closed-days`.
public struct ClosedDayView: Codable, Sendable, Hashable {
    public var date: String
    public var name: String

    public init(date: String, name: String) {
        self.date = date
        self.name = name
    }
}

/// What closing a day would do: `GET /api/v1/closed-days/preview`.
public struct ClosingPreviewView: Codable, Sendable, Hashable {
    public var date: String
    /// Shifts closing the day removes; their owners are told.
    public var removed: [MarketShift]
    /// Shifts on that day that stay (traded, reassigned, hand-made or already started).
    public var kept: [MarketShift]

    public init(date: String, removed: [MarketShift], kept: [MarketShift]) {
        self.date = date
        self.removed = removed
        self.kept = kept
    }
}
