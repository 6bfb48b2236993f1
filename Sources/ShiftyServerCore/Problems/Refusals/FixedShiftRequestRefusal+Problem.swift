import Hummingbird
import ShiftyDomain

extension Problem {
    /// A fixed-shift request refusal as the client sees it: the one place that gives each refusal
    /// its HTTP status and its sentence (403 a member deciding, 404 no such request or fixed shift,
    /// 409 the request already decided or no longer applicable, 422 a field that is not right).
    package init(_ refusal: FixedShiftRequestRefusal) {
        switch refusal {
        case .managerOnly:
            self = .managerOnly
        case .requestNotFound:
            self = .notFound("fixed-shift request")
        case .fixedShiftNotFound:
            self = .notFound("fixed shift")
        case .notPending(let id, let status):
            self.init(
                .conflict, code: .fixedShiftRequestNotPending,
                text: .init("server.problem.fixed_shift_request_not_pending.detail", ["id": id.description, "status": status.rawValue]))
        case .outdated(let id, let why):
            self.init(
                .conflict, code: .fixedShiftRequestOutdated,
                text: .init("server.problem.fixed_shift_request_outdated.\(Self.key(why))", ["id": id.description]))
        case .unknownKind:
            self = .invalid("kind", ProblemText("server.invalid.unknownKind"))
        case .reasonTooLong:
            self = .invalid("reason", ProblemText("server.invalid.atMost", ["limit": String(FixedShiftRequestDecider.maximumReasonLength)]))
        case .noteTooLong:
            self = .invalid("note", ProblemText("server.invalid.atMost", ["limit": String(Marketplace.maximumNoteLength)]))
        case .fixedShiftGiven:
            self = .invalid("fixedShiftId", ProblemText("server.invalid.fixedShiftGiven"))
        case .fixedShiftMissing(let kind):
            self = .invalid("fixedShiftId", ProblemText("server.invalid.fixedShiftMissing.\(kind.rawValue)"))
        case .missing(let field):
            self = .invalid(field.rawValue, ProblemText("server.invalid.requiredWhenAdding"))
        case .nothingChanges:
            self = .invalid("body", ProblemText("server.invalid.nothingChanges"))
        case .proposal(let refusal):
            self.init(refusal)
        }
    }

    /// The catalogue key's last part for why a request no longer applies.
    private static func key(_ why: FixedShiftRequestRefusal.Outdated) -> String {
        switch why {
        case .gone: "gone"
        case .ended: "ended"
        case .memberInactive: "member_inactive"
        }
    }
}
