/// Why a kiosk command was refused: a manager setting up a kiosk or a PIN, or a member who could
/// not be identified at a kiosk (``KioskRules``). The punch a member asks for once identified is
/// ``KioskPunchRefusal``'s.
///
/// ``code`` is the stable string clients switch on (the problem codes the API has always answered
/// with) and ``field`` names the field a validation refusal is about. How a refusal reads and which
/// answer it gets is the edge's business, not the domain's.
public enum KioskRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// Only a manager sets up kiosks and PINs.
    case managerOnly
    /// A kiosk's name outside ``KioskRules/nameLength`` characters.
    case nameLength
    /// A kiosk's name with a line break or another control character (``SingleLine``).
    case nameNotOneLine
    /// More network ranges than ``KioskRules/maximumNetworks``.
    case tooManyNetworks
    /// A network range with characters no address range has (`range`: its first 50 characters).
    case notANetwork(range: String)
    /// No such kiosk in the workplace.
    case kioskNotFound
    /// A PIN that is not ``KioskRules/pinLength`` ASCII digits.
    case pinMalformed
    /// No such member in the workplace.
    case memberNotFound
    /// Another member of the workplace already has the PIN.
    case pinTaken
    /// The member has no PIN to remove.
    case pinNotFound
    /// A password without a username (a PIN alone is enough, a password is not).
    case usernameMissing
    /// Neither a PIN nor a password, or both.
    case secretMissing
    /// A session punch asked for as an action (only breaks are asked for; in and out are decided).
    case actionNotABreak
    /// Too many wrong secrets for the member (at this kiosk or overall): try again in `retryAfterSeconds`.
    case throttled(retryAfterSeconds: Int)
    /// Too many wrong PINs typed without a name at this kiosk: the member gives their name first,
    /// or waits `retryAfterSeconds`.
    case pinOnlyPaused(retryAfterSeconds: Int)
    /// The secret matches nobody (active) it was typed for.
    case wrongSecret(KioskCredentials.Secret)

    /// The fields a validation refusal can name, spelled as on the wire.
    public enum Field: String, Sendable, Hashable, Codable, CaseIterable {
        case name, networks, pin, username, action
    }

    /// The stable codes, equal to the API's problem codes.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        case managerOnly = "manager_only"
        case notFound = "not_found"
        case validationFailed = "validation_failed"
        case pinTaken = "pin_taken"
        case kioskThrottled = "kiosk_throttled"
        case kioskPinOnlyPaused = "kiosk_pin_only_paused"
        case invalidCredentials = "invalid_credentials"
    }

    public var code: Code {
        switch self {
        case .managerOnly: .managerOnly
        case .kioskNotFound, .memberNotFound, .pinNotFound: .notFound
        case .nameLength, .nameNotOneLine, .tooManyNetworks, .notANetwork, .pinMalformed, .usernameMissing, .secretMissing, .actionNotABreak:
            .validationFailed
        case .pinTaken: .pinTaken
        case .throttled: .kioskThrottled
        case .pinOnlyPaused: .kioskPinOnlyPaused
        case .wrongSecret: .invalidCredentials
        }
    }

    /// The field a validation refusal is about; `nil` for the others.
    public var field: Field? {
        switch self {
        case .nameLength, .nameNotOneLine: .name
        case .tooManyNetworks, .notANetwork: .networks
        case .pinMalformed, .secretMissing: .pin
        case .usernameMissing: .username
        case .actionNotABreak: .action
        case .managerOnly, .kioskNotFound, .memberNotFound, .pinTaken, .pinNotFound, .throttled, .pinOnlyPaused, .wrongSecret: nil
        }
    }

    public var description: String {
        field.map { "\(code.rawValue): \($0.rawValue)" } ?? code.rawValue
    }
}
