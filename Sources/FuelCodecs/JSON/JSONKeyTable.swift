/// Interns object keys while parsing: an open-addressing hash table over the keys' bytes, so a feed with
/// a million `"Precio Gasoleo A"` keys stores the text once and hands out one small id.
package struct JSONKeyTable {
    /// Key id + 1 per slot, 0 for empty; the count is a power of two.
    private var slots: [Int32] = Array(repeating: 0, count: 64)
    private var hashes: [UInt32] = []
    private var starts: [Int] = []
    private var lengths: [Int] = []
    private var storage: [UInt8] = []

    package var count: Int { starts.count }

    /// The id of the key with these bytes, adding it when new.
    package mutating func intern(_ key: UnsafeBufferPointer<UInt8>) -> Int {
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
        storage.withUnsafeBufferPointer { all in
            let start = starts[id]
            for index in 0..<key.count where all[start + index] != key[index] { return false }
            return true
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
