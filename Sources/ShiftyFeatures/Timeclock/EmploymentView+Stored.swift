import ShiftyAPI

extension ShiftyAPI.EmploymentView {
    /// The member's employment terms as the employment store reads them.
    init(_ employment: StoredEmployment) {
        self.init(
            userID: employment.userID, start: employment.start?.description, end: employment.end?.description,
            contractMinutesPerWeek: employment.contractMinutesPerWeek, worksFixedQuota: employment.worksFixedQuota)
    }
}
