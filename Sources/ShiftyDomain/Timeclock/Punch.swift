import Foundation

/// One timeclock event: a check-in, a check-out, or the start or end of a punched break.
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
        /// Starts an unpaid break inside an open session (kiosk: "start break").
        case breakStart = "break_start"
        /// Ends the open break; the session goes on (kiosk: "end break").
        case breakEnd = "break_end"

        /// Whether this kind opens or closes a session (rather than a break inside one).
        public var isSessionPunch: Bool { self == .checkIn || self == .checkOut }
    }

    public var instant: Date
    public var kind: Kind

    public init(_ kind: Kind, at instant: Date) {
        self.instant = instant
        self.kind = kind
    }
}
