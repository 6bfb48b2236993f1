extension TimeclockRules {
    /// The ranges the rules must stay in: what a day (25 hours, for the night clocks change), a
    /// week or a month can hold.
    public enum Ranges {
        public static let dayQuotaMinutes = 0...(25 * 60)
        public static let dailyOvertimeFloorMinutes = -(25 * 60)...0
        public static let weeklyOvertimeFloorMinutes = -(7 * 25 * 60)...0
        public static let monthlyOvertimeFloorMinutes = -(31 * 25 * 60)...0
        public static let diligenceAbsenceCap = 0...31
        public static let scheduleToleranceMinutes = 0...240
        public static let maximumBreakRules = 5
        public static let breakAfterMinutes = dayQuotaMinutes
        public static let breakMinutes = 1...240
    }

    /// Refuses the first rule outside ``Ranges``; rules that pass are stored, so reading them
    /// never fails.
    public func validate() throws(TimeclockRulesRefusal) {
        let day = Ranges.dayQuotaMinutes
        guard day.contains(mondayToFridayQuotaMinutes) else { throw .outOfRange(.mondayToFridayQuotaMinutes) }
        if let value = saturdayQuotaMinutes, !day.contains(value) { throw .outOfRange(.saturdayQuotaMinutes) }
        if let value = sundayQuotaMinutes, !day.contains(value) { throw .outOfRange(.sundayQuotaMinutes) }
        guard Ranges.dailyOvertimeFloorMinutes.contains(dailyOvertimeFloorMinutes) else { throw .outOfRange(.dailyOvertimeFloorMinutes) }
        guard Ranges.weeklyOvertimeFloorMinutes.contains(weeklyOvertimeFloorMinutes) else { throw .outOfRange(.weeklyOvertimeFloorMinutes) }
        guard Ranges.monthlyOvertimeFloorMinutes.contains(monthlyOvertimeFloorMinutes) else { throw .outOfRange(.monthlyOvertimeFloorMinutes) }
        guard Ranges.diligenceAbsenceCap.contains(diligenceAbsenceCap) else { throw .outOfRange(.diligenceAbsenceCap) }
        guard Ranges.scheduleToleranceMinutes.contains(scheduleToleranceMinutes) else { throw .outOfRange(.scheduleToleranceMinutes) }
        guard breakRules.count <= Ranges.maximumBreakRules else { throw .outOfRange(.breakRules) }
        for rule in breakRules {
            guard Ranges.breakAfterMinutes.contains(rule.afterMinutes), Ranges.breakMinutes.contains(rule.breakMinutes) else {
                throw .outOfRange(.breakRule)
            }
        }
    }
}
