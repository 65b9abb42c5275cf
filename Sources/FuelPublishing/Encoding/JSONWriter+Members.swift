import Foundation

/// Object members in one call each, `"name":value`, so an encoder reads as its key order.
extension JSONWriter {
    package mutating func member(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    /// `null` when the value is nil: for the members the format always writes.
    package mutating func member(_ name: StaticString, _ value: String?) {
        key(name)
        optionalString(value)
    }

    package mutating func member(_ name: StaticString, _ value: Int) {
        key(name)
        integer(value)
    }

    package mutating func member(_ name: StaticString, _ value: Bool) {
        key(name)
        bool(value)
    }

    /// A UTC time, as ``time(_:)`` writes it.
    package mutating func member(_ name: StaticString, _ value: Date) {
        key(name)
        time(value)
    }

    /// A number rounded to `decimals` places, as ``number(_:decimals:)`` writes it.
    package mutating func member(_ name: StaticString, _ value: Double, decimals: Int) {
        key(name)
        number(value, decimals: decimals)
    }

    /// `"name":["a","b"]`.
    package mutating func member(_ name: StaticString, strings: some Sequence<String>) {
        key(name)
        beginArray()
        for value in strings { string(value) }
        endArray()
    }

    /// `"name":[{…},{…}]`: one object per element, its members written by `body`.
    package mutating func member<Element>(
        _ name: StaticString, objects: some Sequence<Element>, _ body: (inout JSONWriter, Element) -> Void
    ) {
        key(name)
        beginArray()
        for element in objects {
            beginObject()
            body(&self, element)
            endObject()
        }
        endArray()
    }

    /// `"name":{…}`: one object, its members written by `body`.
    package mutating func member(_ name: StaticString, object body: (inout JSONWriter) -> Void) {
        key(name)
        beginObject()
        body(&self)
        endObject()
    }

    /// `"name":{"a":{…},"b":{…}}`: one object per entry, keys in sorted order, its members written by `body`.
    package mutating func member<Value>(
        _ name: StaticString, keyedObjects: [String: Value], _ body: (inout JSONWriter, Value) -> Void
    ) {
        member(name) { writer in
            for entryKey in keyedObjects.keys.sorted() {
                guard let value = keyedObjects[entryKey] else { continue }
                writer.key(entryKey)
                writer.beginObject()
                body(&writer, value)
                writer.endObject()
            }
        }
    }
}
