/// A short name for a device from its User-Agent ("Chrome on Android"), so a member can tell
/// their subscribed devices apart in Account without the server keeping the full header.
package enum DeviceLabel {
    package static func from(userAgent: String?) -> String {
        guard let agent = userAgent, !agent.isEmpty else { return "Unknown browser" }
        let browser: String
        if agent.contains("Edg/") { browser = "Edge" }
        else if agent.contains("OPR/") { browser = "Opera" }
        else if agent.contains("Firefox/") { browser = "Firefox" }
        else if agent.contains("Chrome/") || agent.contains("Chromium/") || agent.contains("HeadlessChrome/") { browser = "Chrome" }
        else if agent.contains("Safari/") { browser = "Safari" }
        else { browser = "Browser" }
        let system: String
        if agent.contains("Android") { system = "Android" }
        else if agent.contains("iPhone") || agent.contains("iPad") { system = "iOS" }
        else if agent.contains("Windows") { system = "Windows" }
        else if agent.contains("Mac OS X") || agent.contains("Macintosh") { system = "macOS" }
        else if agent.contains("CrOS") { system = "ChromeOS" }
        else if agent.contains("Linux") { system = "Linux" }
        else { system = "" }
        return system.isEmpty ? browser : "\(browser) on \(system)"
    }
}
