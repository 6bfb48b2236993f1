import Foundation

/// One timeclock event: a check-in or a check-out at an instant.
///
/// The seed stores bare timestamps and pairs them by position within a day (even = in,
/// odd = out). That cannot express a shift worked across midnight (its check-in and
/// check-out fall on different days), so Shifty records the kind explicitly: the server knows
/// whether the member is checked in when they punch, and pairing becomes "each check-in with
/// the next check-out", independent of day boundaries.
public struct Punch: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case checkIn = "in"
        case checkOut = "out"
    }

    public var instant: Date
    public var kind: Kind

    public init(_ kind: Kind, at instant: Date) {
        self.instant = instant
        self.kind = kind
    }
}
