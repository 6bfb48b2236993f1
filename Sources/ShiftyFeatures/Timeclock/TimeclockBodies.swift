import Foundation
import ShiftyDomain

/// POST /kiosks
package struct CreateKioskRequest: Decodable {
    package var name: String
}

/// POST /kiosk/punches: the member identifies with a username and a password or PIN, or
/// with their PIN alone (PINs are unique within a workplace).
package struct KioskPunchRequest: Decodable {
    package var username: String?
    package var password: String?
    package var pin: String?
    /// `break_start` or `break_end`; left out, the server checks in or out.
    package var action: Punch.Kind?
}

/// PUT /kiosks/:id/networks (managers): client address ranges the kiosk may punch from.
package struct KioskNetworksRequest: Decodable {
    package var networks: [String]
}

/// PUT /users/:id/pin
package struct SetPinRequest: Decodable {
    package var pin: String
}

/// POST /punches (managers)
package struct AddPunchRequest: Decodable {
    package var userID: Int64
    package var at: Date
    package var kind: Punch.Kind
    package var reason: String
}

/// PATCH /punches/:id (managers): move in time and/or flip in/out.
package struct MovePunchRequest: Decodable {
    package var at: Date?
    package var kind: Punch.Kind?
    package var reason: String
}

/// DELETE /punches/:id (managers); the reason may also come as `?reason=`.
package struct DeletePunchRequest: Decodable {
    package var reason: String
}
