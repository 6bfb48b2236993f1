/// Why a member's notification preferences were refused: each case names the field it is about,
/// spelled as on the wire, so the edge can answer 422 `validation_failed` with a sentence for it.
public enum NotificationPreferencesRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// `channels.<key>` names no notification a member may configure.
    case unknownKind(key: String)
    /// A channel under `channels.<key>` that is not in-app, e-mail or push.
    case unknownChannel(key: String, value: String)
    /// Quiet hours that start when they end (an empty or a whole-day window).
    case quietHoursEmpty
    /// A clock time that is not `HH:MM` (`quietHours.start`, `quietHours.end`, `digestTime`).
    case timeMalformed(field: String)

    public var field: String {
        switch self {
        case .unknownKind(let key), .unknownChannel(let key, _): "channels.\(key)"
        case .quietHoursEmpty: "quietHours"
        case .timeMalformed(let field): field
        }
    }

    public var description: String { "validation_failed: \(field)" }
}
