/// What a workplace expects of one member: when they are employed, whether they work the
/// workplace's fixed weekday quotas, and their contract hours.
///
/// The seed expected everybody to work the quota every weekday; a part-timer or somebody who
/// joined mid-month then collected "absences" on days nobody expected them. With terms:
/// - an **expected day** is a day inside the employment period on which the member had a
///   scheduled shift, or (only when `worksFixedQuota`) a day with a quota;
/// - an **absence** is an expected, judged day without any punch;
/// - days outside the employment period are never absences and have no quota (time worked on
///   them anyway is paid like work on a day off).
public struct EmploymentTerms: Sendable, Hashable, Codable {
    /// First day of employment; `nil` means "always" (the calculator's default).
    public var start: LocalDate?
    /// Last day of employment (deactivation); `nil` while employed.
    public var end: LocalDate?
    /// Contract hours per week in minutes; `nil` when the member has no contract hours.
    public var contractMinutesPerWeek: Int?
    /// Whether every quota day is a working day for this member (the seed's model).
    public var worksFixedQuota: Bool

    public init(start: LocalDate? = nil, end: LocalDate? = nil, contractMinutesPerWeek: Int? = nil, worksFixedQuota: Bool) {
        self.start = start
        self.end = end
        self.contractMinutesPerWeek = contractMinutesPerWeek
        self.worksFixedQuota = worksFixedQuota
    }

    /// The seed's assumption: always employed, the fixed quota every quota day, no contract.
    public static let seedFixedQuota = EmploymentTerms(worksFixedQuota: true)

    /// Whether `date` lies inside the employment period.
    public func isEmployed(on date: LocalDate) -> Bool {
        if let start, date < start { return false }
        if let end, date > end { return false }
        return true
    }
}
