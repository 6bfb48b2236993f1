import Foundation

/// Body of POST /shifts/copy-week and /shifts/copy-week/preview.
package struct CopyWeekRequest: Decodable, Sendable {
    /// Any date of the week to copy (its ISO week, Monday to Sunday, in the workplace's zone).
    package var from: String
}
