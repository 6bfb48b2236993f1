import ShiftyAPI
import ShiftyDomain

// The timeclock's words as the API writes them: the stores read the domain's enums (a word the
// domain does not know fails the read) and the answers carry ShiftyAPI's.

extension ShiftyAPI.PunchView.Kind {
    /// The punch's kind as the domain decided it.
    init(_ kind: Punch.Kind) {
        self = switch kind {
        case .checkIn: .checkIn
        case .checkOut: .checkOut
        case .breakStart: .breakStart
        case .breakEnd: .breakEnd
        }
    }
}

extension ShiftyAPI.KioskPunchResult.Action {
    /// What a punch of this kind did, as the kiosk says it.
    init(_ kind: Punch.Kind) {
        self = switch kind {
        case .checkIn: .checkedIn
        case .checkOut: .checkedOut
        case .breakStart: .breakStarted
        case .breakEnd: .breakEnded
        }
    }
}

extension ShiftyAPI.KioskTimingView.Verdict {
    /// The domain's verdict on a punch against its shift.
    init(_ verdict: PunchTiming.Verdict) {
        self = switch verdict {
        case .early: .early
        case .late: .late
        case .onTime: .onTime
        }
    }
}
