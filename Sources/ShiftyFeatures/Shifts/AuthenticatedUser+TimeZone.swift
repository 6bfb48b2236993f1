import ShiftyDomain

extension AuthenticatedUser {
    /// The workplace's time zone, which schedule times are read in. It was checked when it was
    /// stored, so one that no longer reads is a fault of the server (a 500), not a refusal.
    func workplaceTimeZone() throws -> WorkplaceTimeZone {
        try WorkplaceTimeZone(identifier: workplace.timeZone)
    }
}
