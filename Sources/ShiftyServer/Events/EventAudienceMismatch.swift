import ShiftyPostgres

/// An event addressed more widely than its ``EventType/audience`` allows (a programming error).
struct EventAudienceMismatch: Error, CustomStringConvertible {
    var type: EventType
    var audience: EventAudience
    var description: String { "event \(type.rawValue) is for \(type.audience.rawValue) at most, but was addressed to \(audience.rawValue)" }
}
