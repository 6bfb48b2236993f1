/// One result column: its name and type.
public struct PostgresColumn: Sendable, Hashable {
    public var name: String
    public var type: PostgresTypeOID
}

/// A query result, copied out of libpq's `PGresult` (which is then freed), so it can cross
/// concurrency domains and outlive the connection.
public struct PostgresRows: Sendable, RandomAccessCollection {
    /// Shared by the rows so that handing out a ``PostgresRow`` does not copy the cells.
    final class Storage: Sendable {
        let columns: [PostgresColumn]
        /// Row-major cells; `nil` is SQL NULL.
        let cells: [String?]
        let columnIndexByName: [String: Int]

        init(columns: [PostgresColumn], cells: [String?]) {
            self.columns = columns
            self.cells = cells
            var byName: [String: Int] = [:]
            for (index, column) in columns.enumerated() where byName[column.name] == nil {
                byName[column.name] = index
            }
            self.columnIndexByName = byName
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

/// One row of a ``PostgresRows`` result.
public struct PostgresRow: Sendable {
    let storage: PostgresRows.Storage
    let rowIndex: Int

    public var columns: [PostgresColumn] { storage.columns }

    /// Decodes the column called `column`. `Optional<T>` accepts NULL; a non-optional type and NULL
    /// give an error naming the column.
    public func decode<T: PostgresDecodable>(_ column: String, as type: T.Type = T.self) throws -> T {
        guard let index = storage.columnIndexByName[column] else {
            let known = storage.columns.map(\.name).joined(separator: ", ")
            throw PostgresError(kind: .decoding, message: "no column named \(column) in the result (columns: \(known))")
        }
        return try decode(index, as: type)
    }

    /// Decodes the column at position `index` (0-based).
    public func decode<T: PostgresDecodable>(_ index: Int, as type: T.Type = T.self) throws -> T {
        guard storage.columns.indices.contains(index) else {
            throw PostgresError(
                kind: .decoding,
                message: "no column at index \(index), the result has \(storage.columns.count) columns"
            )
        }
        let column = storage.columns[index]
        let context = PostgresDecodingContext(columnName: column.name, columnType: column.type)
        guard let text = storage.cells[rowIndex * storage.columns.count + index] else {
            return try T.decodeNull(context: context)
        }
        return try T.decode(postgresText: text, context: context)
    }

    /// Whether the column at `index` is SQL NULL.
    public func isNull(_ index: Int) -> Bool {
        guard storage.columns.indices.contains(index) else { return true }
        return storage.cells[rowIndex * storage.columns.count + index] == nil
    }
}
