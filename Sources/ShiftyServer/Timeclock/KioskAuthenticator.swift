import Foundation
import Hummingbird
import ShiftyFeatures
import ShiftyPostgres
import ShiftyServerCore

/// Recognises a kiosk by its `shifty_kiosk` cookie (or `Authorization: Kiosk <token>` for
/// scripted terminals), and refuses punches from anything else.
///
/// Seed 000's reason for a kiosk: a punch must prove the member is on site. A member's own
/// session proves only that they know their password, so it can never record a punch.
struct KioskAuthenticator: Sendable {
    static let cookieName = "shifty_kiosk"

    let pool: PostgresPool
    let originPolicy: OriginPolicy
    let trustedProxies: Set<String>

    /// 403 `kiosk_required`: the request carries no kiosk token.
    static let required = Problem(.forbidden, code: .kioskRequired, text: .init("server.problem.kiosk_required.detail"))

    /// The kiosk, or 403 `kiosk_required` (401 `kiosk_revoked` for a dead kiosk token, 403
    /// `kiosk_network_refused` when the client address is outside the kiosk's allowed ranges;
    /// behind a proxy the `--trusted-proxy` rule decides the client address, `remoteAddress` being
    /// the peer's). Routes get the kiosk from ``KioskRequestContext``, which asks this once.
    func require(_ request: Request, remoteAddress: String?) async throws -> AuthenticatedKiosk {
        guard let (token, isCookie) = Self.presentedToken(in: request) else { throw Self.required }
        // Cookies ride along on cross-site requests: the same CSRF rule as sessions.
        if isCookie, request.method.isUnsafe { try originPolicy.check(request) }
        let client = ClientAddress.resolve(
            peer: remoteAddress, forwardedFor: request.headers[values: .init("X-Forwarded-For")!], trustedProxies: trustedProxies)
        switch try await pool.withConnection({ try KioskStore.authenticate(token: token, clientAddress: client, on: $0) }) {
        case .kiosk(let kiosk):
            return kiosk
        case .unknown:
            throw Problem(.unauthorized, code: .kioskRevoked, text: .init("server.problem.kiosk_revoked.detail"))
        case .outsideNetworks:
            throw Problem(.forbidden, code: .kioskNetworkRefused, text: .init("server.problem.kiosk_network_refused.detail"))
        }
    }

    static func presentedToken(in request: Request) -> (String, Bool)? {
        if let authorization = request.headers[.authorization] {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "kiosk" {
                let token = parts[1].trimmingCharacters(in: .whitespaces)
                if !token.isEmpty, token.count <= 256 { return (token, false) }
            }
        }
        if let cookie = request.cookies[cookieName]?.value, !cookie.isEmpty, cookie.count <= 256 {
            return (cookie, true)
        }
        return nil
    }
}
