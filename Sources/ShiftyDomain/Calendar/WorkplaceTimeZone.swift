import Foundation

/// The IANA time zone a workplace lives in ("Europe/Amsterdam").
///
/// Every local date and time in Shifty is interpreted in exactly one of these, so the wrapper
/// refuses identifiers the system tz database does not know: a typo must fail when the workplace
/// is configured, not silently turn into GMT on some later calculation.
public struct WorkplaceTimeZone: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The IANA identifier, as given.
    public let identifier: String
    /// The Foundation time zone for offset look-ups.
    public let timeZone: TimeZone

    /// Why an identifier was refused.
    public enum ValidationError: Error, Sendable, Hashable, CustomStringConvertible {
        case unknownIdentifier(String)

        public var description: String {
            switch self {
            case .unknownIdentifier(let identifier):
                "Unknown time zone \"\(identifier)\": use an IANA identifier such as \"Europe/Amsterdam\"."
            }
        }
    }

    /// Accepts IANA identifiers known to the system tz database (plus "UTC").
    public init(identifier: String) throws(ValidationError) {
        guard let timeZone = WorkplaceTimeZone.lookUp(identifier) else {
            throw .unknownIdentifier(identifier)
        }
        self.identifier = identifier
        self.timeZone = timeZone
    }

    /// Coordinated Universal Time, mainly for tests and defaults.
    public static let utc: WorkplaceTimeZone = {
        // "UTC" is always present in Foundation; fall back to GMT+0 rather than trapping.
        WorkplaceTimeZone(uncheckedIdentifier: "UTC", timeZone: TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current)
    }()

    private init(uncheckedIdentifier: String, timeZone: TimeZone) {
        self.identifier = uncheckedIdentifier
        self.timeZone = timeZone
    }

    /// Whether `identifier` names a zone of the tz database. Abbreviations ("CET", "EST") and
    /// offsets ("GMT+1") are refused because they do not follow a region's DST rules.
    public static func isKnown(_ identifier: String) -> Bool {
        lookUp(identifier) != nil
    }

    /// `TimeZone.knownTimeZoneIdentifiers` is an incomplete list on Linux (it lacks
    /// "Asia/Kolkata", for one), so the tz database itself is asked: the zone must load and keep
    /// exactly the given name (Foundation rewrites offsets such as "GMT+1" to "GMT+0100").
    private static func lookUp(_ identifier: String) -> TimeZone? {
        if identifier == "UTC" { return TimeZone(identifier: "UTC") }
        guard identifier.contains("/"), identifier.utf8.count <= 64,
              let timeZone = TimeZone(identifier: identifier), timeZone.identifier == identifier
        else { return nil }
        return timeZone
    }

    public var description: String { identifier }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let identifier = try container.decode(String.self)
        do {
            try self.init(identifier: identifier)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }

    public static func == (lhs: WorkplaceTimeZone, rhs: WorkplaceTimeZone) -> Bool {
        lhs.identifier == rhs.identifier
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}
