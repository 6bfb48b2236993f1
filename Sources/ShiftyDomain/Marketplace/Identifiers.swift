import Foundation

/// Identifiers are UUID wrappers so that the domain can name a new deal or request before the
/// database has seen it (the server generates the UUID and passes it in the action), and so that
/// a shift id can never be passed where a user id is expected.
public protocol DomainIdentifier: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    var uuid: UUID { get }
    init(uuid: UUID)
}

extension DomainIdentifier {
    public var description: String { uuid.uuidString.lowercased() }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.uuid.uuidString < rhs.uuid.uuidString }

    /// Parses a UUID string; `nil` for anything else (bad input never crashes).
    public init?(_ text: String) {
        guard let uuid = UUID(uuidString: text) else { return nil }
        self.init(uuid: uuid)
    }
}

/// A workplace member.
public struct UserID: DomainIdentifier {
    public let uuid: UUID
    public init(uuid: UUID) { self.uuid = uuid }
    public init(from decoder: any Decoder) throws { uuid = try decoder.singleValueContainer().decode(UUID.self) }
    public func encode(to encoder: any Encoder) throws { var c = encoder.singleValueContainer(); try c.encode(uuid) }
}

/// One concrete shift (an occurrence on a date), not the weekly rule that generated it.
public struct ShiftID: DomainIdentifier {
    public let uuid: UUID
    public init(uuid: UUID) { self.uuid = uuid }
    public init(from decoder: any Decoder) throws { uuid = try decoder.singleValueContainer().decode(UUID.self) }
    public func encode(to encoder: any Encoder) throws { var c = encoder.singleValueContainer(); try c.encode(uuid) }
}

/// A marketplace deal: a pick-up, an accepted suggestion or a swap.
public struct DealID: DomainIdentifier {
    public let uuid: UUID
    public init(uuid: UUID) { self.uuid = uuid }
    public init(from decoder: any Decoder) throws { uuid = try decoder.singleValueContainer().decode(UUID.self) }
    public func encode(to encoder: any Encoder) throws { var c = encoder.singleValueContainer(); try c.encode(uuid) }
}

/// A request ("Gezocht") for extra work on one date.
public struct RequestID: DomainIdentifier {
    public let uuid: UUID
    public init(uuid: UUID) { self.uuid = uuid }
    public init(from decoder: any Decoder) throws { uuid = try decoder.singleValueContainer().decode(UUID.self) }
    public func encode(to encoder: any Encoder) throws { var c = encoder.singleValueContainer(); try c.encode(uuid) }
}

/// A weekly fixed-shift rule.
public struct FixedShiftID: DomainIdentifier {
    public let uuid: UUID
    public init(uuid: UUID) { self.uuid = uuid }
    public init(from decoder: any Decoder) throws { uuid = try decoder.singleValueContainer().decode(UUID.self) }
    public func encode(to encoder: any Encoder) throws { var c = encoder.singleValueContainer(); try c.encode(uuid) }
}
