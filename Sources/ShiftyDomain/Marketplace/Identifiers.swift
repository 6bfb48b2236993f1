/// Identifiers wrap the database's `bigint` identity values.
///
/// A distinct type per table means a shift id can never be passed where a user id is expected.
/// Actions that create a deal or request still carry the new identifier: the server reserves it
/// from the table's identity sequence first (`nextval`), so the domain stays free of I/O and the
/// `Transition` can name the row before it exists.
public protocol DomainIdentifier: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    var rawValue: Int64 { get }
    init(rawValue: Int64)
}

extension DomainIdentifier {
    public var description: String { String(rawValue) }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Parses a positive decimal identifier; `nil` for anything else (bad input never crashes).
    public init?(_ text: String) {
        guard let value = Int64(text), value > 0 else { return nil }
        self.init(rawValue: value)
    }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(Int64.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// A workplace member (`users.id`).
public struct UserID: DomainIdentifier {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
}

/// One concrete shift (an occurrence on a date), not the weekly rule that generated it.
public struct ShiftID: DomainIdentifier {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
}

/// A marketplace deal: a pick-up, an accepted suggestion or a swap.
public struct DealID: DomainIdentifier {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
}

/// A request ("Gezocht") for extra work on one date.
public struct RequestID: DomainIdentifier {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
}

/// A weekly fixed-shift rule.
public struct FixedShiftID: DomainIdentifier {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
}
