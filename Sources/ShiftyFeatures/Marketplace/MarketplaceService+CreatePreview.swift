import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres

extension MarketplaceService {
    /// Previews a manager's one-off shift (`POST /shifts/preview`, the body of `POST /shifts`): the
    /// same validation, loader and `Marketplace.apply(.createShift)` as creating it, nothing written.
    /// The shift does not exist yet, so the answer's `shiftId` is 0; its rules and effects name the
    /// member's shifts it would clash with, so the page shows the conflict before anything is saved.
    package func previewCreate(_ caller: AuthenticatedUser, _ body: CreateShiftRequest) async throws -> ShiftyAPI.ActionPreview {
        try caller.requireManager()
        let planned = try ShiftService.plannedShift(caller, body)
        let workplaceID = caller.workplaceID
        let (_, preview) = try await executor.preview(MarketplaceCaller(caller)) { connection -> MarketplaceAction in
            try ShiftService.requireMember(body.ownerId, workplaceID: workplaceID, on: connection)
            return .createShift(planned(ShiftID(rawValue: 0)), override: nil)
        }
        return try await view(of: preview, action: .create, shiftID: 0, caller: caller)
    }
}
