import Foundation

/// Converts between `Date` and PostgreSQL's ISO timestamp text.
///
/// We format and parse by hand instead of using `DateFormatter` because PostgreSQL prints
/// microseconds and offsets such as `+05:30` that formatter patterns handle badly, and because a
/// formatter is not cheap to create per value.
enum PostgresTimestamp {
    /// `2026-11-21 16:28:33.123456+00`, always in UTC, microsecond precision.
    static func format(_ date: Date) -> String {
        let totalMicroseconds = (date.timeIntervalSince1970 * 1_000_000).rounded()
        let micros = Int64(totalMicroseconds)
        var seconds = micros / 1_000_000
        var fraction = micros % 1_000_000
        if fraction < 0 {
            fraction += 1_000_000
            seconds -= 1
        }
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = civilDate(fromDaysSinceEpoch: days)
        // Written into one buffer (issue 14: the interpolated pieces were seven small strings per
        // parameter, and every pick-up sends a dozen timestamps).
        return String(unsafeUninitializedCapacity: 40) { buffer in
            var writer = DigitWriter(buffer: buffer)
            writer.append(year, width: 4)
            writer.append(UInt8(ascii: "-"))
            writer.append(month, width: 2)
            writer.append(UInt8(ascii: "-"))
            writer.append(day, width: 2)
            writer.append(UInt8(ascii: " "))
            writer.append(secondOfDay / 3600, width: 2)
            writer.append(UInt8(ascii: ":"))
            writer.append(secondOfDay / 60 % 60, width: 2)
            writer.append(UInt8(ascii: ":"))
            writer.append(secondOfDay % 60, width: 2)
            writer.append(UInt8(ascii: "."))
            writer.append(fraction, width: 6)
            writer.append(UInt8(ascii: "+"))
            writer.append(0, width: 2)
            if year <= 0 {
                writer.append(UInt8(ascii: " "))
                writer.append(UInt8(ascii: "B"))
                writer.append(UInt8(ascii: "C"))
            }
            return writer.count
        }
    }

    /// Decimal digits into a fixed buffer (``format(_:)``).
    private struct DigitWriter {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        var count = 0

        mutating func append(_ byte: UInt8) {
            buffer[count] = byte
            count += 1
        }

        /// The magnitude of `value`, zero-padded to `width` digits.
        mutating func append(_ value: Int64, width: Int) {
            var magnitude = value.magnitude
            var digits = 1
            var scale: UInt64 = 1
            while magnitude / scale >= 10 {
                scale *= 10
                digits += 1
            }
            for _ in digits..<max(digits, width) { append(UInt8(ascii: "0")) }
            while scale > 0 {
                append(UInt8(ascii: "0") + UInt8(magnitude / scale))
                magnitude %= scale
                scale /= 10
            }
        }
    }

    /// Parses `timestamptz`, `timestamp` (taken as UTC) and `date` text output in ISO style.
    ///
    /// Reads the string's UTF-8 in place through a cursor (no copy of the bytes, no closures capturing
    /// the position: issue 14 measured both in every decoded timestamp of a marketplace read).
    static func parse(_ text: String) -> Date? {
        if text == "infinity" { return .distantFuture }
        if text == "-infinity" { return .distantPast }
        var text = text
        return text.withUTF8 { bytes in
            var cursor = Cursor(bytes: bytes)
            return cursor.timestamp()
        }
    }

    /// A position in the text being parsed.
    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func number(digits: ClosedRange<Int>) -> Int64? {
            var value: Int64 = 0
            var count = 0
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57, count < digits.upperBound {
                value = value * 10 + Int64(bytes[index] - 48)
                index += 1
                count += 1
            }
            return digits.contains(count) ? value : nil
        }

        mutating func expect(_ character: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == character else { return false }
            index += 1
            return true
        }

        mutating func timestamp() -> Date? {
            guard let year = number(digits: 4...7), expect(UInt8(ascii: "-")),
                let month = number(digits: 2...2), expect(UInt8(ascii: "-")),
                let day = number(digits: 2...2),
                (1...12).contains(month), (1...31).contains(day)
            else { return nil }

            var secondsOfDay: Int64 = 0
            var micros: Int64 = 0
            var offsetSeconds: Int64 = 0
            if expect(UInt8(ascii: " ")) || expect(UInt8(ascii: "T")) {
                guard let hour = number(digits: 2...2), expect(UInt8(ascii: ":")),
                    let minute = number(digits: 2...2), expect(UInt8(ascii: ":")),
                    let second = number(digits: 2...2)
                else { return nil }
                secondsOfDay = hour * 3600 + minute * 60 + second
                if expect(UInt8(ascii: ".")) {
                    let start = index
                    guard let fraction = number(digits: 1...9) else { return nil }
                    var scaled = fraction
                    var digits = index - start
                    while digits < 6 { scaled *= 10; digits += 1 }
                    while digits > 6 { scaled /= 10; digits -= 1 }
                    micros = scaled
                }
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    let sign: Int64 = bytes[index] == UInt8(ascii: "-") ? -1 : 1
                    index += 1
                    guard let hours = number(digits: 2...2) else { return nil }
                    var offset = hours * 3600
                    if expect(UInt8(ascii: ":")) {
                        guard let minutes = number(digits: 2...2) else { return nil }
                        offset += minutes * 60
                        if expect(UInt8(ascii: ":")) {
                            guard let seconds = number(digits: 2...2) else { return nil }
                            offset += seconds
                        }
                    }
                    offsetSeconds = sign * offset
                } else if expect(UInt8(ascii: "Z")) {
                    offsetSeconds = 0
                }
            }
            var isBeforeChrist = false
            if index < bytes.count {
                guard bytes.count - index == 3, bytes[index] == UInt8(ascii: " "), bytes[index + 1] == UInt8(ascii: "B"),
                    bytes[index + 2] == UInt8(ascii: "C")
                else { return nil }
                isBeforeChrist = true
            }
            let astronomicalYear = isBeforeChrist ? 1 - year : year
            let days = PostgresTimestamp.daysSinceEpoch(year: astronomicalYear, month: month, day: day)
            let seconds = days * 86_400 + secondsOfDay - offsetSeconds
            return Date(timeIntervalSince1970: Double(seconds) + Double(micros) / 1_000_000)
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let monthIndex = (month + 9) % 12
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Inverse of ``daysSinceEpoch(year:month:day:)``; years <= 0 are returned as PostgreSQL BC years.
    static func civilDate(fromDaysSinceEpoch days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year > 0 ? year : 1 - year, month, day)
    }
}
