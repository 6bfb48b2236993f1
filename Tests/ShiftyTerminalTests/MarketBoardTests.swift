import Foundation
import Testing
@testable import ShiftyTerminal

@Suite struct MarketBoardTests {
    let now = Fixtures.now

    @Test func firstLoadKeepsOnlyOfferedShiftsAndFlashesNothing() {
        let board = MarketBoard(shifts: [Fixtures.shift(1), Fixtures.shift(2, status: .scheduled)])
        #expect(board.rows.keys.sorted() == [1])
        #expect(board.flashes.isEmpty)
    }

    @Test func suppliedEventAddsAFlashingRow() {
        var board = MarketBoard(shifts: [Fixtures.shift(1)])
        let changed = board.apply(Fixtures.event(10, .shiftSupplied, shifts: [Fixtures.shift(2, ownerName: "Ben")]), at: now)
        #expect(changed == [2])
        #expect(board.rows[2]?.state == .offered)
        #expect(board.rows[2]?.shift.ownerName == "Ben")
        #expect(board.isFlashing(2, at: now.addingTimeInterval(1)))
        #expect(!board.isFlashing(1, at: now))
        #expect(!board.isFlashing(2, at: now.addingTimeInterval(board.flashDuration)))
    }

    @Test func revokedEventMarksTheRowGoneUntilItsFlashEnds() {
        var board = MarketBoard(shifts: [Fixtures.shift(1), Fixtures.shift(2)])
        let changed = board.apply(Fixtures.event(11, .shiftRevoked, shifts: [Fixtures.shift(1, status: .scheduled)]), at: now)
        #expect(changed == [1])
        #expect(board.rows[1]?.state == .gone("withdrawn"))
        #expect(board.activeCount == 1)
        board.expire(at: now.addingTimeInterval(1))
        #expect(board.rows[1] != nil)
        board.expire(at: now.addingTimeInterval(board.flashDuration + 0.1))
        #expect(board.rows[1] == nil)
        #expect(board.rows[2] != nil)
    }

    @Test func revokedEventWithoutSnapshotStillRemovesTheRow() {
        var board = MarketBoard(shifts: [Fixtures.shift(1)])
        let event = LiveEvent(id: 12, type: .shiftRevoked, data: LiveEventData(shiftIds: [1]))
        #expect(board.apply(event, at: now) == [1])
        #expect(board.rows[1]?.state == .gone("withdrawn"))
    }

    @Test func pickUpGoesPendingThenApprovalShowsTheNewOwner() {
        var board = MarketBoard(shifts: [Fixtures.shift(1)])
        board.apply(Fixtures.event(13, .dealAwaitingApproval, shifts: [Fixtures.shift(1, status: .inDeal)], dealId: 5), at: now)
        #expect(board.rows[1]?.state == .pendingApproval)
        board.apply(
            Fixtures.event(14, .dealApproved, shifts: [Fixtures.shift(1, owner: 8, ownerName: "Ben", status: .scheduled)], dealId: 5),
            at: now)
        #expect(board.rows[1]?.state == .gone("taken by Ben"))
    }

    @Test func rejectedPickUpReturnsToOffered() {
        var board = MarketBoard(shifts: [Fixtures.shift(1)])
        board.apply(Fixtures.event(13, .dealAwaitingApproval, shifts: [Fixtures.shift(1, status: .inDeal)]), at: now)
        let changed = board.apply(Fixtures.event(14, .dealRejected, shifts: [Fixtures.shift(1)]), at: now)
        #expect(changed == [1])
        #expect(board.rows[1]?.state == .offered)
    }

    @Test func swapsOfShiftsNotOnTheBoardAreIgnored() {
        var board = MarketBoard(shifts: [Fixtures.shift(1)])
        let changed = board.apply(Fixtures.event(15, .swapProposed, shifts: [Fixtures.shift(9, status: .inDeal)]), at: now)
        #expect(changed.isEmpty)
        #expect(board.rows[9] == nil)
    }

    @Test func cancelledShiftSaysSo() {
        var board = MarketBoard(shifts: [Fixtures.shift(1)])
        board.apply(Fixtures.event(16, .scheduleChanged, shifts: [Fixtures.shift(1, status: .cancelled)]), at: now)
        #expect(board.rows[1]?.state == .gone("cancelled"))
    }

    @Test func sameSnapshotTwiceChangesNothing() {
        var board = MarketBoard(shifts: [Fixtures.shift(1)])
        #expect(board.apply(Fixtures.event(17, .shiftSupplied, shifts: [Fixtures.shift(1)]), at: now).isEmpty)
    }

    @Test func reloadFlashesDifferencesOnly() {
        var board = MarketBoard(shifts: [Fixtures.shift(1), Fixtures.shift(2)])
        let changed = board.replace(with: [Fixtures.shift(2), Fixtures.shift(3)], at: now)
        #expect(changed == [1, 3])
        #expect(board.rows[1]?.state == .gone("no longer offered"))
        #expect(board.rows[3]?.state == .offered)
        #expect(!board.isFlashing(2, at: now))
    }

    @Test func orderIsDateThenStartTimeThenId() {
        let board = MarketBoard(shifts: [
            Fixtures.shift(3, date: "2026-11-25", start: "08:00"),
            Fixtures.shift(2, date: "2026-11-24", start: "12:00"),
            Fixtures.shift(1, date: "2026-11-24", start: "12:00"),
            Fixtures.shift(4, date: "2026-11-24", start: "07:00"),
        ])
        #expect(board.orderedRows.map(\.shift.id) == [4, 1, 2, 3])
    }

    @Test func offersThatStartedAreDropped() {
        var board = MarketBoard(shifts: [Fixtures.shift(1, startsAt: Fixtures.instant("2020-01-01T08:00:00Z")), Fixtures.shift(2)])
        board.expire(at: now)
        #expect(board.rows.keys.sorted() == [2])
    }
}
