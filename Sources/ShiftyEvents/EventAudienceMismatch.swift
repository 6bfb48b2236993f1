import ShiftyPostgres

/// An event addressed more widely than its ``EventType/audience`` allows (a programming error).
package struct EventAudienceMismatch: Error, CustomStringConvertible {
    var type: EventType
    var audience: EventAudience
    package var description: String { "event \(type.rawValue) is for \(type.audience.rawValue) at most, but was addressed to \(audience.rawValue)" }

    package init(type: EventType, audience: EventAudience) {
        self.type = type
        self.audience = audience
    }
}
