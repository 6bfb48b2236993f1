import Foundation
import Hummingbird
import ShiftyAPI
import ShiftyDomain
import ShiftyFeatures
import ShiftyNotifications
import ShiftyPostgres
import ShiftyServerCore

/// `GET/PUT /api/v1/me/notification-preferences` (everyone, their own) and
/// `GET /api/v1/notification-failures` (managers: deliveries of their workplace that gave up).
struct NotificationPreferenceRoutes {
    let pool: PostgresPool
    /// What this server can send at all (its senders' channels), shown beside the preferences.
    let channels: Set<NotificationChannel>

    func register(on api: APIGroups) {
        api.members.get("me/notification-preferences") { _, context in
            let caller = context.caller
            let preferences = try await pool.withConnection { try NotificationPreferencesStore.load(userID: caller.id, on: $0) }
            return try APIJSON.response(NotificationPreferencesView(preferences, caller: caller, channels: channels))
        }
        api.members.put("me/notification-preferences") { request, context in
            let caller = context.caller
            let input = try await request.decodeJSON(NotificationPreferencesInput.self, context: context)
            let preferences = try input.validated()
            try await pool.withConnection { try NotificationPreferencesStore.save(preferences, userID: caller.id, on: $0) }
            return try APIJSON.response(NotificationPreferencesView(preferences, caller: caller, channels: channels))
        }
        api.managers.get("notification-failures") { request, context in
            let caller = context.caller
            let limit = try QueryParameters(request).int("limit", in: 1...200) ?? 50
            return try APIJSON.response(try await pool.withConnection {
                try NotificationDeliveryStore.failures(workplaceID: caller.workplaceID, limit: limit, on: $0)
            })
        }
    }
}
