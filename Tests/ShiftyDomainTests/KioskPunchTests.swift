import Foundation
import ShiftyDomain
import Testing

/// The kiosk's punching rules, decided without a database or a clock of their own.
@Suite struct KioskPunchTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    func ago(_ seconds: TimeInterval) -> Date { now.addingTimeInterval(-seconds) }

    func decide(_ action: Punch.Kind? = nil, after last: Punch?) -> Result<Punch.Kind, KioskPunchRefusal> {
        Result { () throws(KioskPunchRefusal) in try KioskPunch.decide(action: action, last: last, now: now) }
    }

    @Test func aTapChecksInOrClosesOnlyARecentSession() {
        #expect(decide(after: nil) == .success(.checkIn))
        #expect(decide(after: Punch(.checkOut, at: ago(3600))) == .success(.checkIn))
        #expect(decide(after: Punch(.checkIn, at: ago(8 * 3600))) == .success(.checkOut))
        #expect(decide(after: Punch(.breakStart, at: ago(20 * 60))) == .success(.checkOut), "checking out ends the break too")
        #expect(decide(after: Punch(.breakEnd, at: ago(20 * 60))) == .success(.checkOut))
        // A check-in from yesterday morning was a forgotten check-out: start a new session.
        #expect(decide(after: Punch(.checkIn, at: ago(16 * 3600))) == .success(.checkIn))
        #expect(decide(after: Punch(.checkIn, at: ago(16 * 3600 - 1))) == .success(.checkOut))
        #expect(decide(after: Punch(.checkIn, at: ago(30 * 3600))) == .success(.checkIn))
        // Asking for a session punch is the same tap: the state decides which one.
        #expect(decide(.checkIn, after: Punch(.checkIn, at: ago(3600))) == .success(.checkOut))
        #expect(decide(.checkOut, after: nil) == .success(.checkIn))
    }

    @Test func aSecondTapWithinAMinuteIsADoubleTap() {
        #expect(decide(after: Punch(.checkIn, at: ago(5))) == .failure(.repeated(last: .checkIn, secondsAgo: 5)))
        #expect(decide(after: Punch(.checkOut, at: ago(59.9))) == .failure(.repeated(last: .checkOut, secondsAgo: 59)))
        #expect(decide(.breakEnd, after: Punch(.breakStart, at: ago(10))) == .failure(.repeated(last: .breakStart, secondsAgo: 10)),
                "a double tap is refused before the break rules are asked")
        #expect(decide(after: Punch(.checkIn, at: ago(60))) == .success(.checkOut))
        // The database's microseconds may put a punch made this moment a hair after `now`: still a double tap, 0 seconds ago.
        #expect(decide(after: Punch(.checkIn, at: now.addingTimeInterval(0.0005))) == .failure(.repeated(last: .checkIn, secondsAgo: 0)))
        // A manager's punch set in the future is no reason to refuse.
        #expect(decide(after: Punch(.checkIn, at: now.addingTimeInterval(30))) == .success(.checkOut))
        #expect(KioskPunch.isRepeat(after: Punch(.checkIn, at: ago(59)), now: now))
        #expect(!KioskPunch.isRepeat(after: Punch(.checkIn, at: ago(60)), now: now))
    }

    @Test func aBreakNeedsAnOpenSessionAndEndingOneAnOpenBreak() {
        #expect(decide(.breakStart, after: Punch(.checkIn, at: ago(3600))) == .success(.breakStart))
        #expect(decide(.breakStart, after: Punch(.breakEnd, at: ago(600))) == .success(.breakStart), "a second break")
        #expect(decide(.breakStart, after: nil) == .failure(.breakWithoutSession))
        #expect(decide(.breakStart, after: Punch(.checkOut, at: ago(600))) == .failure(.breakWithoutSession))
        #expect(decide(.breakStart, after: Punch(.checkIn, at: ago(17 * 3600))) == .failure(.breakWithoutSession), "a forgotten check-out")
        #expect(decide(.breakStart, after: Punch(.breakStart, at: ago(600))) == .failure(.alreadyOnBreak))

        #expect(decide(.breakEnd, after: Punch(.breakStart, at: ago(600))) == .success(.breakEnd))
        #expect(decide(.breakEnd, after: nil) == .failure(.notOnBreak))
        #expect(decide(.breakEnd, after: Punch(.checkIn, at: ago(3600))) == .failure(.notOnBreak))
        #expect(decide(.breakEnd, after: Punch(.breakEnd, at: ago(600))) == .failure(.notOnBreak))
        #expect(decide(.breakEnd, after: Punch(.breakStart, at: ago(17 * 3600))) == .failure(.notOnBreak), "a break in a forgotten session")
    }
}
