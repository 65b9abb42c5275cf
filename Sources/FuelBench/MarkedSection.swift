import Foundation

/// A section of a Markdown file between two marker lines, which a benchmark rewrites in place.
enum MarkedSection {
    /// Replaces what lies between `begin` and `end` (markers included) in `file` with `section`, or appends
    /// `heading` and `section` when the file has no such markers.
    /// - Throws: ``BenchError`` when the file cannot be written.
    static func write(_ section: String, between begin: String, and end: String, in file: URL, heading: String = "")
        throws
    {
        var text = (try? String(contentsOf: file, encoding: .utf8)) ?? "# Benchmarks\n"
        if let start = text.range(of: begin), let stop = text.range(of: end), start.upperBound <= stop.lowerBound {
            text.replaceSubrange(start.lowerBound..<stop.upperBound, with: section)
        } else {
            text += "\n" + heading + section + "\n"
        }
        do { try text.write(to: file, atomically: true, encoding: .utf8) } catch {
            throw BenchError("cannot write \(file.path): \(error)")
        }
    }
}
