import Hummingbird
import ShiftyDomain

extension Problem {
    /// A kiosk refusal as the client sees it: the one place that gives each refusal its HTTP status
    /// and its sentence (401 a secret that matches nobody, 403 a member setting up a kiosk, 404 no
    /// such kiosk, member or PIN, 409 a PIN in use, 422 a field that is not right, 429 too many
    /// wrong secrets, with `Retry-After`).
    package init(_ refusal: KioskRefusal) {
        let code = ProblemCode(refusal.code)
        switch refusal {
        case .managerOnly:
            self = .managerOnly
        case .kioskNotFound:
            self = .notFound("kiosk")
        case .memberNotFound:
            self = .notFound("user")
        case .pinNotFound:
            self = .notFound("PIN")
        case .nameLength:
            self = .invalid("name", "must be 1 to \(KioskRules.nameLength.upperBound) characters")
        case .nameNotOneLine:
            self = .invalid("name", SingleLineText.text)
        case .tooManyNetworks:
            self = .invalid("networks", "at most \(KioskRules.maximumNetworks) ranges")
        case .notANetwork(let range):
            self = .invalid("networks", "\(range) is not an address range like 192.168.1.0/24")
        case .pinMalformed:
            self = .invalid("pin", "must be \(KioskRules.pinLength.lowerBound) to \(KioskRules.pinLength.upperBound) digits")
        case .usernameMissing:
            self = .invalid("username", "is required with a password; a PIN alone is enough")
        case .secretMissing:
            self = .invalid("pin", "send either a pin or a password")
        case .actionNotABreak:
            self = .invalid("action", "must be break_start or break_end (leave it out to check in or out)")
        case .pinTaken:
            self.init(.conflict, code: code, text: .init("server.problem.pin_taken.detail"))
        case .throttled(let seconds):
            self.init(
                .tooManyRequests, code: code, text: .init("server.problem.kiosk_throttled.detail", ["seconds": String(seconds)]),
                retryAfterSeconds: seconds)
        case .pinOnlyPaused(let seconds):
            self.init(
                .tooManyRequests, code: code, text: .init("server.problem.kiosk_pin_only_paused.detail", ["seconds": String(seconds)]),
                retryAfterSeconds: seconds)
        case .wrongSecret(.pinOnly):
            self.init(.unauthorized, code: code, text: .init("server.problem.invalid_credentials.kiosk_pin_only"))
        case .wrongSecret(.pin):
            self.init(.unauthorized, code: code, text: .init("server.problem.invalid_credentials.kiosk_pin"))
        case .wrongSecret(.password):
            self.init(.unauthorized, code: code, text: .init("server.problem.invalid_credentials.kiosk_password"))
        }
    }
}
