extension ListTables {
    /// Time-off requests (`shifty timeoff list`), the id `approve`, `decline` and `withdraw` need first.
    public static func timeOff(_ requests: [TimeOffRequest]) -> DataTable {
        DataTable(
            header: self.columns("id", "who", "period", "status", "reason", "managersNote"),
            rows: requests.map { request in
                ["\(request.id)", request.userName, request.period, TerminalLanguage.word("timeOffStatus", request.status), request.reason, request.managerNote ?? ""]
            })
    }
}
