import Foundation

/// The board's JSON: every documented key is always present, `null` when it does not apply, so
/// clients can tell "no shifts today" from an older server that lacks the field.
extension NowBoard: Encodable {
    private enum CodingKeys: String, CodingKey {
        case date, timeZone, at, closedDay, onShift, next, dayStart, dayEnd, dayProgressPercent
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(timeZone, forKey: .timeZone)
        try container.encode(at, forKey: .at)
        try container.encode(closedDay, forKey: .closedDay)
        try container.encode(onShift, forKey: .onShift)
        try container.encode(next, forKey: .next)
        try container.encode(dayStart, forKey: .dayStart)
        try container.encode(dayEnd, forKey: .dayEnd)
        try container.encode(dayProgressPercent, forKey: .dayProgressPercent)
    }
}
