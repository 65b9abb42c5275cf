// Names of the previous release, kept for one release so that code written against it still compiles (with a
// deprecation warning that names the new one). Format 2 has one name in code now: `Format2…`.

/// The previous name of ``Format2Index``.
@available(*, deprecated, renamed: "Format2Index")
public typealias SnapshotIndex = Format2Index

/// The previous name of ``Format2``.
@available(*, deprecated, renamed: "Format2")
public typealias SnapshotFormat = Format2
