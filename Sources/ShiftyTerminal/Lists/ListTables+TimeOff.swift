extension ListTables {
    /// Time-off requests (`shifty timeoff list`), the id `approve`, `decline` and `withdraw` need first.
    public static func timeOff(_ requests: [TimeOffRequest]) -> DataTable {
        DataTable(
            header: ["ID", "WHO", "PERIOD", "STATUS", "REASON", "MANAGER'S NOTE"],
            rows: requests.map { request in
                ["\(request.id)", request.userName, request.period, request.status, request.reason, request.managerNote ?? ""]
            })
    }
}
