import Hummingbird
import ShiftyFeatures

/// The context of a kiosk route (punching and the tiles): it exists only once the request's kiosk
/// token proved a kiosk, never from a member's session (a session proves only that someone knows a
/// password, not that they are on site).
///
/// Refuses as ``KioskAuthenticator`` does: 403 `kiosk_required`, 401 `kiosk_revoked`, 403
/// `kiosk_network_refused`, 403 `origin_not_allowed`.
struct KioskRequestContext: ChildRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The kiosk the request came from.
    let kiosk: AuthenticatedKiosk

    init(context: ShiftyRequestContext) throws {
        self.kiosk = try context.credentials.kiosk()
        self.coreContext = context.coreContext
    }

    var maxUploadSize: Int { ShiftyRequestContext.bodyLimit }
}
