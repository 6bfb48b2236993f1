/// Seed 004's chart helper: a long series is drawn as 20 points, each the average of one of
/// 20 consecutive, (nearly) equal parts.
public enum SeriesSmoothing {
    public static let defaultParts = 20

    /// Splits `values` into `parts` consecutive chunks and returns each chunk's mean.
    ///
    /// Chunk `i` covers indices `i·n/parts ..< (i+1)·n/parts`, so sizes differ by at most one
    /// and every value is used exactly once. A series with no more than `parts` values cannot be
    /// split further and is returned unchanged; `parts <= 0` yields an empty array.
    public static func averaged(_ values: [Double], parts: Int = defaultParts) -> [Double] {
        guard parts > 0 else { return [] }
        let count = values.count
        guard count > parts else { return values }
        return (0..<parts).map { part in
            let lower = part * count / parts
            let upper = (part + 1) * count / parts
            let chunk = values[lower..<upper]
            return chunk.reduce(0, +) / Double(chunk.count)
        }
    }
}
