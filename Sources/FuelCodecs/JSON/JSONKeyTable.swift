#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Interns object keys while parsing: an open-addressing hash table over the keys' bytes, so a feed with
/// a million `"Precio Gasoleo A"` keys stores the text once and hands out one small id.
package struct JSONKeyTable {
    /// Key id + 1 per slot, 0 for empty; the count is a power of two.
    private var slots: [Int32] = Array(repeating: 0, count: 64)
    private var hashes: [UInt32] = []
    private var starts: [Int] = []
    private var lengths: [Int] = []
    private var storage: [UInt8] = []

    /// For each key id (+ 1, 0 for "none yet"), the id of the key that followed it last time, or -1: records of a
    /// feed repeat their keys in the same order, so the next key is usually known and one comparison replaces the
    /// hash and the probe.
    private var successors: [Int32] = [-1]
    private var previous = 0

    package var count: Int { starts.count }

    /// The id of the key with these bytes, adding it when new.
    package mutating func intern(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        let guess = Int(successors[previous])
        if guess >= 0 && lengths[guess] == key.count && matches(guess, key) {
            previous = guess + 1
            return guess
        }
        let id = lookUp(key)
        successors[previous] = Int32(id)
        previous = id + 1
        return id
    }

    /// The hash-table path of ``intern(_:)``.
    private mutating func lookUp(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in key {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { break }
            let id = entry - 1
            if hashes[id] == hash && lengths[id] == key.count && matches(id, key) { return id }
            slot = (slot + 1) & mask
        }
        let id = starts.count
        hashes.append(hash)
        starts.append(storage.count)
        lengths.append(key.count)
        storage.append(contentsOf: key)
        slots[slot] = Int32(id + 1)
        successors.append(-1)
        if starts.count * 2 > slots.count { grow() }
        return id
    }

    /// The keys as strings, by id.
    package func names() -> [String] {
        storage.withUnsafeBufferPointer { all in
            (0..<starts.count).map { id in
                String(
                    decoding: UnsafeBufferPointer(rebasing: all[starts[id]..<starts[id] + lengths[id]]), as: UTF8.self)
            }
        }
    }

    private func matches(_ id: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let keyBase = key.baseAddress else { return true }  // empty keys, equal lengths
        return storage.withUnsafeBufferPointer { all in
            memcmp(all.baseAddress! + starts[id], keyBase, key.count) == 0
        }
    }

    private mutating func grow() {
        var bigger = [Int32](repeating: 0, count: slots.count * 2)
        let mask = bigger.count - 1
        for id in 0..<starts.count {
            var slot = Int(hashes[id]) & mask
            while bigger[slot] != 0 { slot = (slot + 1) & mask }
            bigger[slot] = Int32(id + 1)
        }
        slots = bigger
    }
}
