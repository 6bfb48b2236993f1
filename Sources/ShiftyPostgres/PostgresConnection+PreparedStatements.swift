import CLibPQ

extension PostgresConnection {
    /// Runs one parameterized statement as a named prepared statement when it has a plan worth keeping
    /// (prepared on first use, see ``PreparedStatementCache``), unnamed otherwise. Returns libpq's result
    /// (of the failed `Parse` when preparing failed) for ``check(_:sql:)``.
    ///
    /// A statement the server no longer knows (the connection was reset, someone ran `DEALLOCATE ALL`)
    /// or whose cached plan cannot serve a changed table any more is prepared again and run once more,
    /// when no transaction is open (inside one the error aborted it: the caller sees it, and the next
    /// attempt prepares afresh).
    func runStatement(_ sql: String, types: [Oid], values: borrowing CStringArray) -> OpaquePointer? {
        let key = PreparedStatementCache.Key(sql: sql, types: types)
        let count = Int32(types.count)
        let pointers = values.pointers
        for attempt in 0..<2 {
            let name: String
            switch prepare(key) {
            case .unnamed:
                return exchange { PQsendQueryParams(handle, sql, count, types, pointers, nil, nil, 0) }
            case .failed(let result):
                return result
            case .named(let prepared):
                name = prepared
            }
            let result = exchange { PQsendQueryPrepared(handle, name, count, pointers, nil, nil, 0) }
            guard let stale = Self.staleStatement(result) else { return result }
            statements.forget(key, keepName: stale == .planChanged)
            guard attempt == 0, !isInTransaction else { return result }
            PQclear(result)
        }
        return nil  // not reached: the second attempt always returns
    }

    /// How many named statements this connection holds (tests, diagnostics).
    public var preparedStatementCount: Int { statements.count }

    private enum Preparation {
        case named(String)
        case unnamed
        case failed(OpaquePointer?)
    }

    private enum StaleStatement {
        /// `26000`: the server has no statement of that name.
        case unknownName
        /// `0A000` "cached plan must not change result type": a table behind `SELECT *` changed.
        case planChanged
    }

    private func prepare(_ key: PreparedStatementCache.Key) -> Preparation {
        if let name = statements.name(for: key, backendPID: PQbackendPID(handle)) { return .named(name) }
        guard let name = statements.newName(for: key) else { return .unnamed }
        if !isInTransaction {
            for stale in statements.takeStaleNames() {
                // Our own generated identifiers (`shifty_<n>`), never input.
                if let result = exchange({ PQsendQuery(handle, "DEALLOCATE \(stale)") }) { PQclear(result) }
            }
        }
        let result = exchange { PQsendPrepare(handle, name, key.sql, Int32(key.types.count), key.types) }
        guard let result, PQresultStatus(result) == PGRES_COMMAND_OK else { return .failed(result) }
        PQclear(result)
        statements.prepared(key, as: name)
        return .named(name)
    }

    private static func staleStatement(_ result: OpaquePointer?) -> StaleStatement? {
        guard let result, PQresultStatus(result) == PGRES_FATAL_ERROR,
              let field = PQresultErrorField(result, Int32(UInt8(ascii: "C")))
        else { return nil }
        switch String(cString: field) {
        case "26000":
            return .unknownName
        case "0A000":
            let message = PQresultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) } ?? ""
            return message.contains("cached plan") ? .planChanged : nil
        default:
            return nil
        }
    }
}
