import ShiftyAPI

extension Problem {
    /// The problem document as it goes over the wire, the type the terminal decodes; field errors
    /// are left out when there are none.
    public var document: ShiftyAPI.APIProblem {
        ShiftyAPI.APIProblem(
            status: status.code, code: code, title: title, detail: detail, errors: errors.isEmpty ? nil : errors)
    }
}
