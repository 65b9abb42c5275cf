// Names of the previous release, kept for one release so that code written against it still compiles (with a
// deprecation warning that names the new one).

/// The previous name of ``ReadFormat``: "layout" now means only what a publisher writes.
@available(*, deprecated, renamed: "ReadFormat")
public typealias TileLayout = ReadFormat
