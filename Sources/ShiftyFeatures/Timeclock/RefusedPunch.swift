import ShiftyDomain

/// A punch the kiosk refused, with the name of the member who tapped (the domain's refusal does
/// not know who it was): what `KioskService.punch` throws, for the edge to write as a problem.
package struct RefusedPunch: Error, Sendable {
    package var refusal: KioskPunchRefusal
    package var memberName: String
}
