/// A list as rows of cells under a header: what every reading command builds once, then prints as a
/// table, CSV or (through its own JSON) anything else. The first column is always the id a follow-up
/// command needs (`shifty approve ID`).
public struct DataTable: Sendable, Hashable {
    public var header: [String]
    public var rows: [[String]]

    public init(header: [String], rows: [[String]]) {
        self.header = header
        self.rows = rows
    }
}
