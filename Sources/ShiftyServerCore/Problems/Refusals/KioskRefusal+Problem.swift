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
            self = .invalid("name", ProblemText("server.invalid.length", ["limit": String(KioskRules.nameLength.upperBound)]))
        case .nameNotOneLine:
            self = .invalid("name", SingleLineText.text)
        case .tooManyNetworks:
            self = .invalid("networks", ProblemText("server.invalid.tooManyNetworks", ["limit": String(KioskRules.maximumNetworks)]))
        case .notANetwork(let range):
            self = .invalid("networks", ProblemText("server.invalid.notANetwork", ["range": range]))
        case .pinMalformed:
            self = .invalid(
                "pin", ProblemText("server.invalid.pin", ["lowest": String(KioskRules.pinLength.lowerBound), "highest": String(KioskRules.pinLength.upperBound)]))
        case .usernameMissing:
            self = .invalid("username", ProblemText("server.invalid.usernameWithPassword"))
        case .secretMissing:
            self = .invalid("pin", ProblemText("server.invalid.pinOrPassword"))
        case .actionNotABreak:
            self = .invalid("action", ProblemText("server.invalid.breakAction"))
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
