import SitegenMarkdown

/// A CSV or TSV file as Jekyll reads one in `_data/`: a list of its rows after the first, each
/// a map of the first row's names to its cells. Cells may be quoted (`"a, b"`, `""` for a
/// quote), and quoted cells may hold line breaks; a row shorter than the first has empty
/// cells, a longer one's extra cells are left out; empty lines are no rows.
enum DelimitedTable {
    static func rows(of text: String, separator: Character) -> FrontMatterValue {
        var records: [[String]] = [], record: [String] = [], cell = "", quoted = false, cellStarted = false
        let body = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : text[...]
        var index = body.startIndex
        func endCell() { record.append(cell); cell = ""; cellStarted = false }
        func endRecord() {
            endCell()
            if !(record.count == 1 && record[0].isEmpty) { records.append(record) }
            record = []
        }
        while index < body.endIndex {
            let character = body[index]
            index = body.index(after: index)
            if quoted {
                if character == "\"" {
                    if index < body.endIndex, body[index] == "\"" {
                        cell.append("\"")
                        index = body.index(after: index)
                    } else {
                        quoted = false
                    }
                } else {
                    cell.append(character)
                }
            } else if character == "\"" && !cellStarted {
                quoted = true
                cellStarted = true
            } else if character == separator {
                endCell()
            } else if character == "\n" || character == "\r\n" || character == "\r" {
                endRecord()
            } else {
                cell.append(character)
                cellStarted = true
            }
        }
        if cellStarted || !cell.isEmpty || !record.isEmpty { endRecord() }
        guard let header = records.first else { return .list([]) }
        return .list(records.dropFirst().map { row in
            .map(FrontMatter(header.enumerated().map { column, name in (name, .string(column < row.count ? row[column] : "")) }))
        })
    }
}
