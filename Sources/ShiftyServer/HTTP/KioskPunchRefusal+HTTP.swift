import Hummingbird
import ShiftyDomain
import ShiftyFeatures
import ShiftyServerCore

extension Problem {
    /// The problem a refused punch answers with: a double tap is 409 `punch_repeated`; a break
    /// the member's state does not allow is a 422 on the `action` field. Both name the member as
    /// the kiosk shows them.
    init(_ refused: RefusedPunch) {
        let name = ["name": refused.memberName]
        switch refused.refusal {
        case .repeated(let last, let seconds):
            self.init(
                .conflict, code: .punchRepeated,
                text: ProblemText("server.problem.punch_repeated.\(Self.key(last))", name.merging(["seconds": String(seconds)]) { $1 }))
        case .breakWithoutSession:
            self = .invalid("action", ProblemText("server.invalid.breakWithoutSession", name))
        case .alreadyOnBreak:
            self = .invalid("action", ProblemText("server.invalid.alreadyOnBreak", name))
        case .notOnBreak:
            self = .invalid("action", ProblemText("server.invalid.notOnBreak", name))
        }
    }

    /// The catalogue key's last part for the member's state after a punch of `kind`.
    private static func key(_ kind: Punch.Kind) -> String {
        switch kind {
        case .checkIn: "checkIn"
        case .checkOut: "checkOut"
        case .breakStart: "breakStart"
        case .breakEnd: "breakEnd"
        }
    }
}
