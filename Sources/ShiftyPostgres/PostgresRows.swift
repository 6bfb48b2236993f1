/// A query result, copied out of libpq's `PGresult` (which is then freed), so it can cross
/// concurrency domains and outlive the connection.
public struct PostgresRows: Sendable, RandomAccessCollection {
    /// Shared by the rows so that handing out a ``PostgresRow`` does not copy the cells.
    final class Storage: Sendable {
        let columns: [PostgresColumn]
        /// Row-major cells; `nil` is SQL NULL.
        let cells: [String?]
        /// Only for wide results: up to ``scanLimit`` columns a lookup compares the (mostly small,
        /// inline) names in order, which costs less than hashing the name for every decoded cell
        /// (issue 14: the hashing was a tenth of a marketplace read's client CPU).
        private let columnIndexByName: [String: Int]?
        static let scanLimit = 32

        init(columns: [PostgresColumn], cells: [String?]) {
            self.columns = columns
            self.cells = cells
            if columns.count > Self.scanLimit {
                var byName: [String: Int] = [:]
                for (index, column) in columns.enumerated() where byName[column.name] == nil {
                    byName[column.name] = index
                }
                self.columnIndexByName = byName
            } else {
                self.columnIndexByName = nil
            }
        }

        /// The first column called `name`.
        func columnIndex(named name: String) -> Int? {
            if let columnIndexByName { return columnIndexByName[name] }
            return columns.firstIndex { $0.name == name }
        }
    }

    let storage: Storage
    /// The command tag's row count (`INSERT 0 3` → 3), meaningful for statements with `RETURNING`.
    public let affectedRows: Int

    init(columns: [PostgresColumn], cells: [String?], affectedRows: Int) {
        self.storage = Storage(columns: columns, cells: cells)
        self.affectedRows = affectedRows
    }

    public var columns: [PostgresColumn] { storage.columns }

    public var startIndex: Int { 0 }
    public var endIndex: Int {
        storage.columns.isEmpty ? 0 : storage.cells.count / storage.columns.count
    }

    public subscript(position: Int) -> PostgresRow {
        precondition(indices.contains(position), "row index \(position) out of range 0..<\(endIndex)")
        return PostgresRow(storage: storage, rowIndex: position)
    }
}
