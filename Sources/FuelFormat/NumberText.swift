/// Numbers as messages show them.
public enum NumberText {
    /// `48` for a whole number, `2.5` otherwise: limits and settings as a person wrote them.
    public static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
