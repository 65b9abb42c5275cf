extension __CC__Adapter {
    /// The kinds of reason __CC__'s adapter raises: shared ones only so far. Its own kinds, when the real parser needs
    /// them, are declared here (`extension Reason.Kind`, as `PTReasons.swift` does, with an `extension Reason` factory
    /// for a kind whose sentence has a value, as `ATReasons.swift` does) and listed.
    public var reasonKinds: [Reason.Kind] { [.emptyCoordinates, .unknownFuel] }
}
