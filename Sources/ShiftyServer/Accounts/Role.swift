/// What a member may do in their workplace.
public enum Role: String, Codable, Sendable, CaseIterable {
    case employee
    case manager
}

/// How a member is paid, which decides how the timeclock counts their month (seed 000).
public enum PayType: String, Codable, Sendable, CaseIterable {
    case normal
    case diligence
}
