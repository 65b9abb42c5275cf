/// Hands out one shared copy of each distinct text, so that a feed's million repeats of `"Station de gonflage"` or
/// `"L-D: 24H"` hold one buffer instead of one each.
///
/// A Swift string longer than 15 UTF-8 bytes owns a heap buffer; returning the pooled string shares that buffer.
struct TextPool {
    private var texts: [String: String] = [:]

    /// The pooled copy of `text`, adding it when new.
    mutating func shared(_ text: String) -> String {
        if let pooled = texts[text] { return pooled }
        texts[text] = text
        return text
    }

    /// ``shared(_:)`` for an optional text.
    mutating func shared(_ text: String?) -> String? {
        text.map { shared($0) }
    }
}
