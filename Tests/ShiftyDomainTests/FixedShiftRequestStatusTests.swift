import ShiftyDomain
import Testing

/// The fixed-shift request's life: only a pending request moves, once.
@Suite struct FixedShiftRequestStatusTests {
    @Test func aPendingRequestMovesOnceToTheDecisionsStatus() {
        #expect(FixedShiftRequestStatus.pending.after(.approve) == .approved)
        #expect(FixedShiftRequestStatus.pending.after(.decline) == .declined)
        #expect(FixedShiftRequestStatus.pending.after(.withdraw) == .withdrawn)
    }

    @Test(arguments: [FixedShiftRequestStatus.approved, .declined, .withdrawn])
    func aDecidedOrWithdrawnRequestDoesNotMove(_ status: FixedShiftRequestStatus) {
        for decision in FixedShiftRequestStatus.Decision.allCases {
            #expect(status.after(decision) == nil, "\(status) after \(decision)")
        }
    }

    @Test func onlyAnAddNamesNoFixedShift() {
        #expect(FixedShiftRequestKind.allCases.filter { !$0.concernsExistingFixedShift } == [.add])
    }
}
