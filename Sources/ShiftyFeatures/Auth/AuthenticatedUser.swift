import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyLocalization
import ShiftyPostgres
import ShiftySecurity
import ShiftyServerCore

/// The caller of an authenticated request.
public struct AuthenticatedUser: Sendable {
    public var sessionID: Int64
    public var user: UserView
    public var workplace: WorkplaceView
    public var presentedAs: SessionKind
    /// The member's own language, nil when they follow the workplace's.
    public var languagePreference: LanguageCode?

    /// The language to speak to this member: their own choice, else the workplace's default.
    public var language: LanguageCode { languagePreference ?? workplace.settings.language }

    public var id: Int64 { user.id }
    public var workplaceID: Int64 { workplace.id }
    public var isManager: Bool { user.role == .manager }

    /// Throws ``ManagerOnlyRefusal`` (403 `manager_only` at the edge) unless the caller manages
    /// their workplace.
    public func requireManager() throws {
        guard isManager else { throw ManagerOnlyRefusal() }
    }
}
