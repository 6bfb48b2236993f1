import Foundation
import ShiftyDomain
import Testing

/// The fixed-shift request state machine without I/O: asking (checked as the approval would check
/// it), approving, declining and withdrawing, every refusal in the order the checks run.
@Suite struct FixedShiftRequestDeciderTests {
    let maria = WorkplaceActor(userID: UserID(rawValue: 1), isManager: true)
    let anna = WorkplaceActor(userID: UserID(rawValue: 2), isManager: false)
    let bram = WorkplaceActor(userID: UserID(rawValue: 3), isManager: false)
    let today = LocalDate("2030-03-04")!
    let seven = FixedShiftRequestID(rawValue: 7)
    let annasID = FixedShiftID(rawValue: 40)

    /// Anna's Tuesdays 09:00 for four hours, from 1 March 2030.
    var annasTuesdays: FixedShift {
        try! FixedShift(id: annasID, owner: anna.userID, weekday: .tuesday, startTime: LocalTime("09:00")!, durationMinutes: 240,
                        positionLabel: "bar", validFrom: LocalDate("2030-03-01")!)
    }

    var running: ExistingFixedShift { ExistingFixedShift(annasTuesdays, isActive: true) }

    func ask(_ draft: FixedShiftRequestDraft, target: ExistingFixedShift? = nil, by actor: WorkplaceActor? = nil) -> Result<FixedShiftRequestTransition, FixedShiftRequestRefusal> {
        Result { () throws(FixedShiftRequestRefusal) in try FixedShiftRequestDecider.request(draft, by: actor ?? anna, target: target, today: today) }
    }

    func apply(
        _ decision: FixedShiftRequestDecider.Decision, to current: FixedShiftRequest?, by actor: WorkplaceActor,
        facts: FixedShiftRequestFacts = FixedShiftRequestFacts(memberIsActive: true)
    ) -> Result<FixedShiftRequestTransition, FixedShiftRequestRefusal> {
        Result { () throws(FixedShiftRequestRefusal) in try FixedShiftRequestDecider.apply(decision, to: current, by: actor, facts: facts) }
    }

    func refusal(_ result: Result<FixedShiftRequestTransition, FixedShiftRequestRefusal>) -> FixedShiftRequestRefusal? {
        if case .failure(let refusal) = result { return refusal }
        return nil
    }

    func add(_ proposal: FixedShiftProposal = FixedShiftProposal(weekday: 3, startTime: "09:00", durationMinutes: 60), fixedShift: FixedShiftID? = nil, reason: String? = nil) -> FixedShiftRequestDraft {
        FixedShiftRequestDraft(kind: "add", fixedShift: fixedShift, proposal: proposal, reason: reason)
    }

    /// Anna's request 7 of `kind` in `status`.
    func annas(_ kind: FixedShiftRequestKind, _ status: FixedShiftRequestStatus = .pending, proposal: FixedShiftProposal = FixedShiftProposal(startTime: "11:00")) -> FixedShiftRequest {
        FixedShiftRequest(
            id: seven, member: anna.userID, kind: kind, status: status, fixedShift: kind == .add ? nil : annasID,
            proposal: kind == .add ? FixedShiftProposal(weekday: 3, startTime: "09:00", durationMinutes: 60) : kind == .end ? FixedShiftProposal() : proposal)
    }

    // MARK: Asking

    @Test func anAddIsStoredAsAskedWithItsPositionTrimmedAndAnEmptyOneLeftOut() throws {
        let transition = try ask(add(FixedShiftProposal(weekday: 3, startTime: "09:00", durationMinutes: 60, position: "  "), reason: " Wednesdays work now \n")).get()
        #expect(transition == FixedShiftRequestTransition(
            change: .insert(NewFixedShiftRequest(
                member: anna.userID, kind: .add, fixedShift: nil,
                proposal: FixedShiftProposal(weekday: 3, startTime: "09:00", durationMinutes: 60), reason: "Wednesdays work now")),
            event: .requested))
        #expect(transition.application == nil, "asking changes no fixed shift")
    }

    @Test func theKindAndTheReasonAreCheckedFirst() {
        let long = String(repeating: "r", count: FixedShiftRequestDecider.maximumReasonLength + 1)
        #expect(refusal(ask(FixedShiftRequestDraft(kind: "swap", reason: long))) == .unknownKind)
        #expect(refusal(ask(add(FixedShiftProposal(weekday: 9), reason: long))) == .reasonTooLong)
        let padded = "  " + String(repeating: "r", count: FixedShiftRequestDecider.maximumReasonLength) + "  "
        #expect(refusal(ask(add(reason: padded))) == nil, "the spaces do not count")
    }

    @Test func anAddNamesNoFixedShiftAndGivesWeekdayStartAndLengthInThatOrder() {
        #expect(refusal(ask(add(FixedShiftProposal(), fixedShift: annasID))) == .fixedShiftGiven)
        #expect(refusal(ask(add(FixedShiftProposal(startTime: "09:00", durationMinutes: 60)))) == .missing(.weekday))
        #expect(refusal(ask(add(FixedShiftProposal(weekday: 3, durationMinutes: 60)))) == .missing(.startTime))
        #expect(refusal(ask(add(FixedShiftProposal(weekday: 3, startTime: "09:00")))) == .missing(.durationMinutes))
    }

    @Test func anAddIsCheckedByTheFixedShiftsOwnRulesAsItsApprovalWould() {
        func proposing(_ changes: (inout FixedShiftProposal) -> Void) -> FixedShiftRequestRefusal? {
            var proposal = FixedShiftProposal(weekday: 3, startTime: "09:00", durationMinutes: 60)
            changes(&proposal)
            return refusal(ask(add(proposal)))
        }
        #expect(proposing { $0.weekday = 8; $0.startTime = "9 am" } == .proposal(.weekdayOutOfRange))
        #expect(proposing { $0.startTime = "9 am"; $0.validFrom = "soon" } == .proposal(.malformedStartTime))
        #expect(proposing { $0.validFrom = "soon"; $0.validUntil = "later" } == .proposal(.malformedValidFrom))
        #expect(proposing { $0.validUntil = "later"; $0.position = "a\nb" } == .proposal(.malformedValidUntil))
        #expect(proposing { $0.position = "a\nb"; $0.durationMinutes = 0 } == .proposal(.positionNotOneLine))
        #expect(proposing { $0.durationMinutes = 1441 } == .proposal(.durationOutOfRange))
        #expect(proposing { $0.validFrom = "2030-03-01"; $0.validUntil = "2030-02-01" } == .proposal(.validUntilBeforeValidFrom))
        // Without a first day it starts today, so an end before today is before its start.
        #expect(proposing { $0.validUntil = "2030-03-03" } == .proposal(.validUntilBeforeValidFrom))
        #expect(proposing { $0.validUntil = "2030-03-04" } == nil)
        #expect(proposing { $0.position = String(repeating: "p", count: FixedShift.maximumPositionLabelLength + 1) } == .proposal(.positionTooLong))
        #expect(FixedShiftRequestRefusal.proposal(.durationOutOfRange).field == .durationMinutes)
    }

    @Test func aChangeOrEndNamesOneOfTheMembersRunningFixedShifts() {
        #expect(refusal(ask(FixedShiftRequestDraft(kind: "change", proposal: FixedShiftProposal(startTime: "10:00")))) == .fixedShiftMissing(.change))
        #expect(refusal(ask(FixedShiftRequestDraft(kind: "end"))) == .fixedShiftMissing(.end))
        let end = FixedShiftRequestDraft(kind: "end", fixedShift: annasID)
        #expect(refusal(ask(end, target: nil)) == .fixedShiftNotFound, "no such fixed shift")
        #expect(refusal(ask(end, target: running, by: bram)) == .fixedShiftNotFound, "a coworker's")
        #expect(refusal(ask(end, target: ExistingFixedShift(annasTuesdays, isActive: false))) == .fixedShiftNotFound, "ended")
        #expect(refusal(ask(FixedShiftRequestDraft(kind: "end", fixedShift: FixedShiftID(rawValue: 41)), target: running)) == .fixedShiftNotFound, "another one than loaded")
    }

    @Test func anEndStoresNothingButTheFixedShift() throws {
        let transition = try ask(FixedShiftRequestDraft(kind: "end", fixedShift: annasID, proposal: FixedShiftProposal(weekday: 9)), target: running).get()
        #expect(transition.change == .insert(NewFixedShiftRequest(member: anna.userID, kind: .end, fixedShift: annasID, proposal: FixedShiftProposal(), reason: "")))
    }

    @Test func aChangeNamesWhatChangesAndIsCheckedOnTheFixedShiftAsItWouldBe() throws {
        let change = { (proposal: FixedShiftProposal) in FixedShiftRequestDraft(kind: "change", fixedShift: self.annasID, proposal: proposal) }
        #expect(refusal(ask(change(FixedShiftProposal()), target: running)) == .nothingChanges)
        #expect(refusal(ask(change(FixedShiftProposal(validUntil: "2030-02-28")), target: running)) == .proposal(.validUntilBeforeValidFrom), "the fixed shift starts 1 March")
        #expect(refusal(ask(change(FixedShiftProposal(startTime: "noon")), target: running)) == .proposal(.malformedStartTime))
        // Clearing the position is a change; the proposal keeps the empty position that says so.
        let cleared = try ask(change(FixedShiftProposal(position: " ")), target: running).get()
        #expect(cleared.change == .insert(NewFixedShiftRequest(member: anna.userID, kind: .change, fixedShift: annasID, proposal: FixedShiftProposal(position: ""), reason: "")))
    }

    @Test func theProposalAppliedToAFixedShiftKeepsWhatItDoesNotName() throws {
        let draft = FixedShiftProposal(startTime: "11:00", position: "").applied(to: annasTuesdays)
        #expect(draft == FixedShiftDraft(weekday: 2, startTime: "11:00", durationMinutes: 240, position: "", validFrom: "2030-03-01", validUntil: nil))
        #expect(try draft.rule(id: annasID, owner: anna.userID).positionLabel == nil, "an empty position clears it")
    }

    // MARK: Deciding

    @Test func approvingAPendingChangeAppliesItToItsFixedShiftForTheManager() throws {
        let override = RuleOverride(reason: "She asked for it")
        let transition = try apply(.approve(note: "Fine", override: override), to: annas(.change), by: maria, facts: FixedShiftRequestFacts(memberIsActive: true, fixedShift: running)).get()
        #expect(transition == FixedShiftRequestTransition(
            change: .update(seven, from: .pending, to: .approved, note: "Fine", decidedBy: maria.userID), event: .approved,
            application: .change(annasID, FixedShiftProposal(startTime: "11:00"), override: override)))
    }

    @Test func approvingAnAddOrAnEndAppliesThem() throws {
        let added = try apply(.approve(note: nil, override: nil), to: annas(.add), by: maria).get()
        #expect(added.application == .add(member: anna.userID, FixedShiftProposal(weekday: 3, startTime: "09:00", durationMinutes: 60), override: nil))
        let ended = try apply(.approve(note: nil, override: nil), to: annas(.end), by: maria, facts: FixedShiftRequestFacts(memberIsActive: true, fixedShift: running)).get()
        #expect(ended.application == .end(annasID))
    }

    @Test func anApprovalThatNoLongerAppliesIsRefusedWithWhy() {
        let approve = FixedShiftRequestDecider.Decision.approve(note: nil, override: nil)
        #expect(refusal(apply(approve, to: annas(.change), by: maria, facts: FixedShiftRequestFacts(memberIsActive: true))) == .outdated(seven, .gone))
        #expect(refusal(apply(approve, to: annas(.end), by: maria, facts: FixedShiftRequestFacts(memberIsActive: true, fixedShift: ExistingFixedShift(annasTuesdays, isActive: false)))) == .outdated(seven, .ended))
        var handedOn = annasTuesdays
        handedOn.owner = bram.userID
        #expect(refusal(apply(approve, to: annas(.change), by: maria, facts: FixedShiftRequestFacts(memberIsActive: true, fixedShift: ExistingFixedShift(handedOn, isActive: true)))) == .outdated(seven, .ended))
        #expect(refusal(apply(approve, to: annas(.add), by: maria, facts: FixedShiftRequestFacts(memberIsActive: false))) == .outdated(seven, .memberInactive))
        var incomplete = annas(.add)
        incomplete.proposal.durationMinutes = nil
        #expect(refusal(apply(approve, to: incomplete, by: maria)) == .outdated(seven, .memberInactive))
    }

    @Test func decliningMovesPendingToDeclinedAndChangesNoFixedShift() throws {
        let transition = try apply(.decline(note: "Fridays are full"), to: annas(.add), by: maria).get()
        #expect(transition == FixedShiftRequestTransition(
            change: .update(seven, from: .pending, to: .declined, note: "Fridays are full", decidedBy: maria.userID), event: .declined))
    }

    @Test func aDecisionChecksRoleNoteExistenceAndStatusInThatOrder() {
        let long = String(repeating: "n", count: Marketplace.maximumNoteLength + 1)
        for decision in [FixedShiftRequestDecider.Decision.approve(note: long, override: nil), .decline(note: long)] {
            #expect(refusal(apply(decision, to: nil, by: anna)) == .managerOnly)
            #expect(refusal(apply(decision, to: nil, by: maria)) == .noteTooLong)
        }
        for decision in [FixedShiftRequestDecider.Decision.approve(note: nil, override: nil), .decline(note: nil)] {
            #expect(refusal(apply(decision, to: nil, by: maria)) == .requestNotFound)
            for status in [FixedShiftRequestStatus.approved, .declined, .withdrawn] {
                #expect(refusal(apply(decision, to: annas(.change, status), by: maria)) == .notPending(seven, status))
            }
        }
        // A decided request is not pending, even where it would no longer apply.
        #expect(refusal(apply(.approve(note: nil, override: nil), to: annas(.end, .approved), by: maria, facts: FixedShiftRequestFacts(memberIsActive: false))) == .notPending(seven, .approved))
    }

    @Test func onlyTheMemberWithdrawsTheirPendingRequest() throws {
        let transition = try apply(.withdraw, to: annas(.change), by: anna).get()
        #expect(transition == FixedShiftRequestTransition(change: .update(seven, from: .pending, to: .withdrawn, note: nil, decidedBy: nil), event: .withdrawn))
        #expect(refusal(apply(.withdraw, to: annas(.change), by: bram)) == .requestNotFound, "a coworker's is not found")
        #expect(refusal(apply(.withdraw, to: annas(.change), by: maria)) == .requestNotFound, "a manager does not withdraw for her")
        #expect(refusal(apply(.withdraw, to: nil, by: anna)) == .requestNotFound)
        #expect(refusal(apply(.withdraw, to: annas(.change, .declined), by: anna)) == .notPending(seven, .declined))
    }

    @Test func refusalsCarryTheAPIsCodes() {
        #expect(FixedShiftRequestRefusal.notPending(seven, .approved).code.rawValue == "fixed_shift_request_not_pending")
        #expect(FixedShiftRequestRefusal.outdated(seven, .gone).code.rawValue == "fixed_shift_request_outdated")
        #expect(FixedShiftRequestRefusal.fixedShiftNotFound.code.rawValue == "not_found")
        #expect(FixedShiftRequestRefusal.missing(.startTime).code.rawValue == "validation_failed")
        #expect(FixedShiftRequestRefusal.missing(.startTime).field == .startTime)
    }
}
