/// Cheap checks on a presented feed token before it costs a database round trip.
package enum CalendarFeedToken {
    /// Our tokens are base64url; anything else (or absurdly long) cannot be one.
    package static func isPlausible(_ token: String) -> Bool {
        guard (16...256).contains(token.utf8.count) else { return false }
        return token.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F
        }
    }
}
