/// How a reading command prints what it read (`--output`).
///
/// `table` is for people (fits the terminal, colour only on a terminal without `NO_COLOR`), `json` is the
/// server's own JSON for `jq`, `csv` is RFC 4180 for spreadsheets and `cut`.
public enum OutputFormat: String, Sendable, Hashable, CaseIterable {
    case table, json, csv
}
