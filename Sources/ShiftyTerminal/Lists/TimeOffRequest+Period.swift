import ShiftyAPI

extension TimeOffRequest {
    /// "Mon 2026-06-08 – Fri 2026-06-12" or "Tue 2026-06-09 09:00–13:00".
    public var period: String {
        let first = ShiftListFormatter.date(firstDate)
        let last = lastDate == firstDate ? nil : ShiftListFormatter.date(lastDate)
        guard startTime != nil || endTime != nil else { return last.map { "\(first) – \($0)" } ?? first }
        let from = startTime ?? "00:00", to = endTime ?? "24:00"
        return last.map { "\(first) \(from) – \($0) \(to)" } ?? "\(first) \(from)–\(to)"
    }
}
