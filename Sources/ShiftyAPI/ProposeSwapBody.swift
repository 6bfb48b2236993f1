/// The body of `POST /api/v1/swaps`: my shift I offer, and the coworker's shift I want for it.
///
/// Decoded by the server and encoded by `shifty swap`, so both use the same keys.
public struct ProposeSwapBody: Codable, Sendable, Hashable {
    /// My shift, which the coworker would take.
    public var offeredShiftId: Int64
    /// The coworker's shift, which I would take.
    public var wantedShiftId: Int64

    public init(offeredShiftId: Int64, wantedShiftId: Int64) {
        self.offeredShiftId = offeredShiftId
        self.wantedShiftId = wantedShiftId
    }
}
