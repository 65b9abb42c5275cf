import Dispatch
import Foundation
import Synchronization

extension KeptState {
    /// Where a build writes its countries' states while it runs: each one in the background as soon as the country
    /// is encoded, off the path of the country still being parsed, under a name of this build's
    /// (`OUT/.kept-state/<CC>.<build>`); ``commit(_:)`` waits for them and gives them their names once the build is
    /// published.
    final class Sink: Sendable {
        let output: OutputDirectory
        let build: String
        private let pending = DispatchGroup()
        /// The countries whose file was written whole.
        private let written = Mutex(Set<String>())

        init(output: OutputDirectory, build: String) {
            self.output = output
            self.build = build
        }

        private var folder: URL { output.root.appendingPathComponent(KeptState.folderName) }

        /// Writes the state `make` gives of `country` under this build's name, in the background. A failure only
        /// costs the next build time: the country then has no state, and its next build reads its tiles.
        func write(country: String, _ make: @escaping @Sendable () -> KeptState) {
            DispatchQueue.global().async(group: pending) {
                let (header, body) = make().encodedParts(country: country, build: self.build)
                self.save([header[...], body[...]], as: country)
            }
        }

        /// Writes a state file of an earlier build, unchanged, as this build's, in the background: its build line
        /// replaced, the rest (checksum and contents) the same bytes, neither encoded nor checked again.
        func rewrite(_ file: [UInt8], country: String) {
            guard let magic = file.firstIndex(of: 0x0A), let buildLine = file[(magic + 1)...].firstIndex(of: 0x0A)
            else { return }
            DispatchQueue.global().async(group: pending) {
                self.save([file[...magic] + Array("build \(self.build)".utf8)[...], file[buildLine...]], as: country)
            }
        }

        /// Writes `parts` one after another as `<CC>.<build>`; a file that cannot be written whole is removed.
        private func save(_ parts: [ArraySlice<UInt8>], as country: String) {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let path = folder.appendingPathComponent("\(country).\(build)").path
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { return }
            var whole = true
            for part in parts where whole {
                whole =
                    part.withContiguousStorageIfAvailable { buffer in
                        var offset = 0
                        while offset < buffer.count {
                            let count = Foundation.write(
                                descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                            if count < 0 && errno == EINTR { continue }
                            guard count > 0 else { return false }
                            offset += count
                        }
                        return true
                    } ?? false
            }
            close(descriptor)
            if whole {
                written.withLock { _ = $0.insert(country) }
            } else {
                unlink(path)
            }
        }

        /// Waits for the writes and removes this build's files, for a build that failed: the states of the build
        /// before it stay.
        func discard() {
            pending.wait()
            for country in written.withLock({ $0 }) {
                unlink(folder.appendingPathComponent("\(country).\(build)").path)
            }
        }

        /// Waits for the writes, renames the states of `countries` written whole by this build into place, and
        /// removes every other file of the folder (the states of countries without one now, and any an earlier
        /// build left), so it holds at most one file per published country.
        func commit(_ countries: Set<String>) {
            pending.wait()
            var committed = Set<String>()
            for country in countries.intersection(written.withLock { $0 }) {
                let written = folder.appendingPathComponent("\(country).\(build)").path
                if rename(written, folder.appendingPathComponent(country).path) == 0 { committed.insert(country) }
            }
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            where !committed.contains(name) {
                unlink(folder.appendingPathComponent(name).path)
            }
        }
    }
}
