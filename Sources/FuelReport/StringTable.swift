/// A deduplicated list of strings and, per station, the index of its string in that list: brands repeat thousands
/// of times, names and addresses often, so the page carries each once.
struct StringTable {
    /// Each distinct string once, in first-seen order; index 0 is the empty string, which stands for "none".
    private(set) var strings: [String] = [""]
    /// One index into ``strings`` per added value.
    private(set) var indexes: [UInt32] = []
    private var positions: [String: UInt32] = ["": 0]

    init(capacity: Int = 0) { indexes.reserveCapacity(capacity) }

    /// Appends one value's index, adding the string to the table when it is new; nil adds "none".
    mutating func add(_ value: String?) {
        guard let value else {
            indexes.append(0)
            return
        }
        if let position = positions[value] {
            indexes.append(position)
            return
        }
        let position = UInt32(strings.count)
        strings.append(value)
        positions[value] = position
        indexes.append(position)
    }
}
