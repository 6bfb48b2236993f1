import Foundation
import ShiftyDomain

/// POST /kiosks
struct CreateKioskRequest: Decodable {
    var name: String
}

/// POST /kiosk/punches: the member identifies with a username and a password or PIN, or
/// with their PIN alone (PINs are unique within a workplace).
struct KioskPunchRequest: Decodable {
    var username: String?
    var password: String?
    var pin: String?
    /// `break_start` or `break_end`; left out, the server checks in or out.
    var action: Punch.Kind?
}

/// PUT /kiosks/:id/networks (managers): client address ranges the kiosk may punch from.
struct KioskNetworksRequest: Decodable {
    var networks: [String]
}

/// PUT /users/:id/pin
struct SetPinRequest: Decodable {
    var pin: String
}

/// POST /punches (managers)
struct AddPunchRequest: Decodable {
    var userID: Int64
    var at: Date
    var kind: Punch.Kind
    var reason: String
}

/// PATCH /punches/:id (managers): move in time and/or flip in/out.
struct MovePunchRequest: Decodable {
    var at: Date?
    var kind: Punch.Kind?
    var reason: String
}

/// DELETE /punches/:id (managers); the reason may also come as `?reason=`.
struct DeletePunchRequest: Decodable {
    var reason: String
}
