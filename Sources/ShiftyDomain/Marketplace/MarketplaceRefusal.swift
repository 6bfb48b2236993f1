/// Why the marketplace refused an action.
///
/// `code` is a stable snake_case string clients may switch on; its ``Kind`` says what sort of
/// "no" it is (the preview tells those who may not act nothing more; the server's edge chooses
/// its answer by it). The refusal carries no sentence: `situation` says which of the code's
/// sentences fits and `arguments` what it names, and the edge writes it in the caller's language
/// (naming members by their display names).
public struct MarketplaceRefusal: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    public var code: Code
    public var situation: Situation
    public var arguments: RefusalArguments
    /// A rule's refusal under a manager's override: the rule is one nobody may set aside (an overlap).
    public var notOverridable: Bool

    public init(_ code: Code, _ situation: Situation = .detail, _ arguments: RefusalArguments = .init(), notOverridable: Bool = false) {
        self.code = code
        self.situation = situation
        self.arguments = arguments
        self.notOverridable = notOverridable
    }

    public init(_ code: Code, _ arguments: RefusalArguments, notOverridable: Bool = false) {
        self.init(code, .detail, arguments, notOverridable: notOverridable)
    }

    public var kind: Kind { code.kind }

    /// For logs and history notes: the code, the situation and the values, no sentence.
    public var description: String {
        let sentence = situation == .detail ? code.rawValue : "\(code.rawValue).\(situation.rawValue)"
        let values = arguments.description
        return values.isEmpty ? sentence : "\(sentence) \(values)"
    }

    /// Which of a code's sentences fits, where the code is given in more than one situation (a
    /// manager-only refusal says what only managers do). Most codes have one: ``detail``. The
    /// edge's catalogue key is `server.problem.<code>.<situation>`.
    public enum Situation: String, Sendable, Hashable, Codable, CaseIterable {
        /// The code's one (or usual) sentence.
        case detail
        // `not_a_manager`: what only managers do.
        case changeShifts, unassignShifts, removeShifts, assignShifts, addShifts, decideDeals, overrideRules
        // `shift_in_past`: a manager's changed or new shift that would already have started.
        case changedShift, newShift
        // `shift_not_scheduled`: a shift a manager changes, reassigns or unassigns.
        case change, assign, unassign
        // `not_request_owner`: accepting a suggestion rather than withdrawing.
        case acceptSuggestion
        // `request_not_open`, `shift_no_longer_available`, `deal_not_pending`: someone else was
        // first in the moment between the decision and the write.
        case changedJustNow
        // `shift_not_suggested`: suggested to no request at all.
        case noRequest
        // `shift_no_longer_available`
        case alreadyTaken, takenBySomeoneElse, changedSinceDeal
        // `deal_not_pending`: a swap its counterparty has not accepted.
        case waitsForCounterparty
        // `deal_expired`: trades of the shift closed before it was asked.
        case tradesClosed
    }

    /// What sort of "no" a refusal is.
    public enum Kind: Sendable, Hashable, CaseIterable {
        /// This actor may not take the action at all, whatever the shift's state: not the
        /// owner, not a manager, not the member asked, no longer active.
        case notAllowed
        /// The action makes no sense as asked: one's own shift, a date already past, a note too long.
        case invalid
        /// A shift, deal or request the action names does not exist (in the actor's workplace).
        case notFound
        /// The actor may ask, but the present state of the shift, deal or request, or a rule
        /// about the receiver's week, stands in the way now.
        case conflict
    }

    /// Every refusal the marketplace can give.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        case notShiftOwner = "not_shift_owner"
        case ownShift = "own_shift"
        case shiftInPast = "shift_in_past"
        case shiftNotSupplied = "shift_not_supplied"
        case shiftNoLongerAvailable = "shift_no_longer_available"
        case shiftInPendingDeal = "shift_in_pending_deal"
        case shiftNotScheduled = "shift_not_scheduled"
        case shiftNotSuggested = "shift_not_suggested"
        case shiftCancelled = "shift_cancelled"
        case shiftNotFound = "shift_not_found"
        case shiftUnassigned = "shift_unassigned"
        case overlappingShift = "overlapping_shift"
        case oneShiftPerDay = "one_shift_per_day"
        case notQualified = "not_qualified"
        case shiftTooLong = "shift_too_long"
        case weeklyHoursExceeded = "weekly_hours_exceeded"
        case restTooShort = "rest_too_short"
        case tooManyConsecutiveDays = "too_many_consecutive_days"
        case onTimeOff = "on_time_off"
        case unavailable = "unavailable"
        case userInactive = "user_inactive"
        case counterpartyInactive = "counterparty_inactive"
        case notAManager = "not_a_manager"
        case dealNotFound = "deal_not_found"
        case dealNotPending = "deal_not_pending"
        case dealNotProposed = "deal_not_proposed"
        case dealExpired = "deal_expired"
        case dealNotExpired = "deal_not_expired"
        case notInvolvedInDeal = "not_involved_in_deal"
        case notSwapCounterparty = "not_swap_counterparty"
        case swapWithOwnShift = "swap_with_own_shift"
        case requestNotFound = "request_not_found"
        case requestNotOpen = "request_not_open"
        case notRequestOwner = "not_request_owner"
        case ownRequest = "own_request"
        case requestDateInPast = "request_date_in_past"
        case noRequestDates = "no_request_dates"
        case tooManyRequestDates = "too_many_request_dates"
        case duplicateRequestDate = "duplicate_request_date"
        case requestAlreadyOpen = "request_already_open"
        case wrongDateForRequest = "wrong_date_for_request"
        case noteTooLong = "note_too_long"
        /// A manager asked to override a rule without saying why.
        case overrideReasonRequired = "override_reason_required"

        public var kind: Kind {
            switch self {
            case .notShiftOwner, .userInactive, .notAManager, .notInvolvedInDeal,
                 .notSwapCounterparty, .notRequestOwner:
                .notAllowed
            case .ownShift, .swapWithOwnShift, .ownRequest, .requestDateInPast,
                 .wrongDateForRequest, .noteTooLong, .noRequestDates, .tooManyRequestDates,
                 .duplicateRequestDate, .overrideReasonRequired:
                .invalid
            case .shiftNotFound, .dealNotFound, .requestNotFound:
                .notFound
            case .shiftInPast, .shiftNotSupplied, .shiftNoLongerAvailable, .shiftInPendingDeal,
                 .shiftNotScheduled, .shiftNotSuggested, .shiftCancelled, .shiftUnassigned, .overlappingShift,
                 .oneShiftPerDay, .notQualified, .shiftTooLong, .weeklyHoursExceeded, .restTooShort,
                 .tooManyConsecutiveDays, .onTimeOff, .unavailable, .counterpartyInactive, .dealNotPending, .dealNotProposed,
                 .dealExpired, .dealNotExpired, .requestNotOpen, .requestAlreadyOpen:
                .conflict
            }
        }
    }
}
