import Foundation
import Synchronization

/// simulation moves it, so a day passes without waiting.
final class SimulatedClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date) { current = Mutex(start) }

    var now: Date { current.withLock { $0 } }

    func set(_ date: Date) { current.withLock { $0 = date } }
}
