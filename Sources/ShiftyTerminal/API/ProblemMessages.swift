/// Turns refusal codes into sentences for the terminal: what happened and what to do next.
///
/// Every code the server can answer with has an entry (a test reads the server's sources to check);
/// an unknown code, from a newer server, shows the server's own `detail`.
public enum ProblemMessages {
    public static let sessionEnded = "Your session has ended. Run `shifty login` to sign in again."

    public static func message(for problem: APIProblem) -> String {
        if let sentence = self.sentences[problem.code] {
            var text = sentence
            // Which field, or which object was missing ("No such deal."), is in the detail.
            if problem.code == "validation_failed" || problem.code == "not_found" || problem.code == "invalid_parameter",
               let detail = problem.detail, !detail.isEmpty {
                text += " (\(detail))"
            }
            return text
        }
        if let detail = problem.detail, !detail.isEmpty { return detail }
        return "The server refused the request (\(problem.status) \(problem.code))."
    }

    /// Whether a code has its own sentence.
    public static func knows(_ code: String) -> Bool { self.sentences[code] != nil }

    /// Code → sentence. Built from pairs rather than a dictionary literal so that a code listed twice
    /// can never trap at start-up (the first entry wins; a test checks there are no repeats).
    static let sentences: [String: String] = Dictionary(entries, uniquingKeysWith: { first, _ in first })

    static let entries: [(String, String)] = [
        // Sessions and accounts.
        ("unauthenticated", "You are not logged in. Run `shifty login --server URL --workplace SLUG --user NAME` first, or set SHIFTY_TOKEN."),
        ("session_expired", sessionEnded),
        ("invalid_credentials", "The workplace, username or password is not right. Check them and try again."),
        ("login_throttled", "Too many failed logins. Wait a few minutes before trying again."),
        ("signup_throttled", "Too many new accounts from this address. Wait a while before trying again."),
        ("malformed_request", "The server could not read the request as HTTP. Check the --server address (a proxy in between?)."),
        ("request_headers_too_large", "The request's headers were too large for the server. Log in again for a fresh token."),
        ("request_timeout", "The request did not reach the server in time. Check the connection and try again."),
        ("wrong_password", "The current password is not right. Try again."),
        ("origin_not_allowed", "The server refused the request as coming from another site. Check the --server address."),
        ("websocket_required", "That address is the live stream and needs a WebSocket client: use `shifty watch`."),
        ("manager_only", "Only a manager of this workplace can do this. Ask a manager."),
        ("not_a_manager", "Only a manager of this workplace can do this. Ask a manager."),
        ("signup_disabled", "This server does not allow creating workplaces. Ask its administrator."),
        ("invite_invalid", "That invite code is not valid (wrong workplace, expired or used up). Ask a manager for a new one."),
        ("username_taken", "That username is already used in this workplace. Choose another."),
        ("workplace_slug_taken", "That workplace address is taken. Choose another."),
        ("reset_link_invalid", "That reset link has been used, has expired or is incomplete. Ask for a new one."),
        ("reset_throttled", "Too many reset requests from this address. Wait a while and try again."),
        ("email_disabled", "This server does not send e-mail. Ask a manager for a reset link."),
        ("last_manager", "A workplace needs at least one active manager. Promote someone else first."),
        ("user_inactive", "Your account is deactivated. Ask a manager to reactivate it."),
        ("counterparty_inactive", "The other person's account is deactivated, so the deal cannot go ahead."),

        // Shifts on the marketplace.
        ("not_shift_owner", "That is not your shift. You can only offer or withdraw your own shifts."),
        ("own_shift", "That is your own shift. You cannot take it; withdraw the offer instead."),
        ("shift_in_past", "That shift has already started or is over. Only future shifts can change hands."),
        ("shift_not_supplied", "That shift is not on the marketplace. Run `shifty market` to see what is offered."),
        ("shift_no_longer_available", "Someone else was faster: that shift is no longer available. Run `shifty market` for what is left."),
        ("shift_in_pending_deal", "That shift is part of a deal that is still pending. Wait for it to be decided, or cancel the deal."),
        ("shift_not_scheduled", "That shift is not a plain scheduled shift right now (it is offered, in a deal or cancelled). Check `shifty shifts`."),
        ("shift_not_suggested", "That shift is not suggested to this request."),
        ("shift_cancelled", "That shift was cancelled."),
        ("shift_unassigned", "A manager released that shift; it stays on the marketplace until a manager assigns it or a pick-up is approved."),
        ("overlapping_shift", "You already work at that time, so you cannot take this shift."),
        ("one_shift_per_day", "You already have a shift that day, and this workplace allows one per day."),
        ("not_qualified", "That shift is for a position you (or they) are not qualified for."),
        ("shift_too_long", "That shift is longer than this workplace allows."),
        ("weekly_hours_exceeded", "That would go over the weekly hour limit."),
        ("rest_too_short", "That would leave too little rest between two shifts."),
        ("too_many_consecutive_days", "That would be too many working days in a row."),
        ("on_time_off", "You (or they) have approved time off then."),
        ("unavailable", "You (or they) are not available at that time (weekly availability)."),
        ("time_off_not_pending", "That time-off request was already decided or withdrawn."),
        ("time_off_not_withdrawable", "That time-off request was already declined or withdrawn."),
        ("fixed_shifts_managed_by_managers", "In this workplace only managers edit fixed shifts. Ask a manager."),
        ("fixed_shift_request_not_pending", "That fixed-shift request was already decided or withdrawn."),
        ("fixed_shift_request_outdated", "That fixed-shift request no longer applies (its fixed shift was ended meanwhile). Decline it instead."),

        // Deals.
        ("deal_not_pending", "That deal was already decided (approved, rejected, cancelled or expired)."),
        ("deal_not_proposed", "That swap is no longer waiting for an answer."),
        ("deal_expired", "That deal expired before it was decided. Start a new one if it still matters."),
        ("deal_not_expired", "That deal has not expired yet."),
        ("not_involved_in_deal", "You are not part of that deal."),
        ("not_swap_counterparty", "Only the person the swap was proposed to can accept or decline it."),
        ("swap_with_own_shift", "You cannot swap a shift with yourself. Pick a coworker's shift."),

        // Requests and suggestions.
        ("request_not_open", "That request is no longer open."),
        ("not_request_owner", "That is not your request."),
        ("own_request", "You cannot suggest a shift to your own request."),
        ("request_date_in_past", "That date is in the past. Pick a future date."),
        ("no_request_dates", "Give at least one date."),
        ("too_many_request_dates", "Too many dates in one go. Post fewer at a time."),
        ("duplicate_request_date", "The same date appears twice. Give each date once."),
        ("request_already_open", "You already have an open request for that date."),
        ("wrong_date_for_request", "That shift is not on the date the request asks for."),
        ("note_too_long", "The note is too long. Shorten it and try again."),
        ("override_reason_required", "Overriding a rule needs a reason. Say why, and try again."),
        ("push_endpoint_refused", "This browser's push service is not one the server sends notifications to."),

        // Time clock and kiosks (the terminal never calls these, but a shared token might).
        ("kiosk_required", "Punches can only be recorded at a kiosk on site."),
        ("kiosk_revoked", "This kiosk is no longer registered. A manager has to set it up again."),
        ("kiosk_throttled", "Too many wrong attempts at this kiosk. Wait and try again."),
        ("punch_in_future", "A punch cannot be set in the future."),
        ("punch_repeated", "That punch was already recorded a moment ago."),
        ("kiosk_network_refused", "This kiosk may only be used from the workplace's own network."),
        ("pin_taken", "Another member of this workplace already has that PIN. Choose a different one."),
        ("timesheet_locked", "That day is in an approved timesheet. A manager has to unlock it first."),

        // Live stream error messages (the connection stays open).
        ("unknown_topic", "The server does not know one of the topics asked for. This client may be newer than the server."),
        ("forbidden_topic", "You may not follow one of the topics asked for (the approval queue is for managers)."),
        ("invalid_resume", "The server could not resume from the last event id. This is a bug in the client; please report it."),
        ("malformed_message", "The server could not read a message from this client. This is a bug in the client; please report it."),
        ("unknown_message_type", "The server does not know a message this client sent. It may be an older version."),
        ("binary_not_supported", "The server accepts only text messages on the live stream."),

        // Input, transport and the server itself.
        ("validation_failed", "The server did not accept the input"),
        ("invalid_parameter", "A parameter was not accepted by the server. This is a bug in the client; please report it."),
        ("invalid_csv", "The CSV file could not be read. Check its columns and dates."),
        ("malformed_json", "The server could not read the request. This is a bug in the client; please report it."),
        ("unsupported_media_type", "The server could not read the request's format. This is a bug in the client; please report it."),
        ("body_too_large", "The request is larger than the server accepts."),
        ("bad_request", "The server could not understand the request. Check the command and its arguments."),
        ("method_not_allowed", "The server does not support that operation. It may be an older or newer version; check `shifty version`."),
        ("route_not_found", "The server does not know this endpoint. Check --server (it must be the Shifty server's address) and its version."),
        ("not_found", "Not found in your workplace (it may have been removed). Check the id with `shifty shifts` or `shifty market`."),
        ("http_error", "The server could not handle the request. Check the command and the --server address."),
        ("openapi_missing", "This server build has no API description."),
        ("database_unavailable", "The server cannot reach its database right now. Try again in a minute."),
        ("internal_error", "Something went wrong on the server. Try again; if it keeps happening, tell the administrator."),
        ("shutting_down", "The server is restarting. Try again in a few seconds."),
        ("server_full", "The server holds as many live connections as it can. Try again in a moment (another instance may answer)."),
        ("too_many_live_connections", "Your account holds as many live connections as it may (16 per login, 32 in all). Close another `shifty watch` or browser tab and try again."),
    ]
}
