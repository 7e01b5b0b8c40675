import Testing
@testable import DespinaKit

@Suite struct FingerprintTests {
    /// Whole files are digested four words at a time; every byte, in the
    /// lanes and in the tail, must still count, and so must the length.
    @Test func everyByteOfAFileChangesItsDigest() {
        let bytes = (0..<101).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let digest = Fingerprint.of(bytes)
        var seen: Set<UInt64> = [digest]
        for position in bytes.indices {
            var changed = bytes
            changed[position] ^= 0x01
            seen.insert(Fingerprint.of(changed))
        }
        #expect(seen.count == bytes.count + 1)
        #expect(Fingerprint.of(bytes + [0]) != digest)
        #expect(Fingerprint.of([]) != Fingerprint.of([0]))
    }

    /// Lanes are not interchangeable: swapping two 8-byte words changes the digest.
    @Test func wordOrderCounts() {
        let first = [UInt8](repeating: 1, count: 8) + [UInt8](repeating: 2, count: 8) + [UInt8](repeating: 0, count: 16)
        let second = [UInt8](repeating: 2, count: 8) + [UInt8](repeating: 1, count: 8) + [UInt8](repeating: 0, count: 16)
        #expect(Fingerprint.of(first) != Fingerprint.of(second))
    }

    /// Cache files end with the digest of what comes before it.
    @Test func checksumOpensWhatItSealedAndRefusesChanges() {
        let payload = Array("a cache file's bytes, long enough for every lane".utf8)
        var sealed = payload
        Checksum.seal(&sealed)
        #expect(sealed.count == payload.count + 8)
        #expect(Checksum.opening(sealed) == payload)
        var writer = ByteWriter()
        writer.write(bytes: payload)
        let written = writer.bytes
        #expect(Checksum.opening(writer.takeSealedBytes()) == written)
        #expect(writer.bytes.isEmpty)
        var damaged = sealed
        damaged[3] ^= 0x20
        #expect(Checksum.opening(damaged) == nil)
        #expect(Checksum.opening(Array(sealed.dropLast())) == nil)
    }

    private struct Link: Encodable { var title: String; var path: String }
    private struct Shown: Encodable {
        var first: Link?
        var second: Link?
        var parts: [Link] = []
        var position = 0
    }

    private func digest(_ value: some Encodable) -> UInt64 {
        var fingerprint = Fingerprint()
        fingerprint.combine(encoding: value)
        return fingerprint.value
    }

    /// An encoded value's digest changes with each field, tells which
    /// optional is absent, and where an array ends; the same value gives
    /// the same digest.
    @Test func everyEncodedFieldCounts() {
        let a = Link(title: "A", path: "/a/")
        let b = Link(title: "B", path: "/b/")
        let values = [
            Shown(),
            Shown(first: a),
            Shown(second: a),
            Shown(first: a, second: b),
            Shown(first: b, second: a),
            Shown(first: Link(title: "A", path: "/b/")),
            Shown(first: Link(title: "/a/", path: "A")),
            Shown(parts: [a]),
            Shown(parts: [a, a]),
            Shown(parts: [a], position: 1),
            Shown(parts: [b]),
        ]
        #expect(Set(values.map(digest)).count == values.count)
        #expect(digest(Shown(first: a, parts: [b])) == digest(Shown(first: a, parts: [b])))
    }

    private struct Numbers: Encodable {
        var bytes: [UInt8] = []
        var big: Int64 = 0
        var ratio: Double = 0
        var flags: [Bool] = []
    }

    /// Types without an overload of their own in the containers (through
    /// the generic `encode`) count as well, in arrays too.
    @Test func everyEncodedTypeCounts() {
        let values = [
            Numbers(), Numbers(bytes: [1]), Numbers(bytes: [1, 2]), Numbers(bytes: [2, 1]), Numbers(big: 1),
            Numbers(big: -1), Numbers(ratio: 0.5), Numbers(flags: [true]), Numbers(flags: [false]),
        ]
        #expect(Set(values.map(digest)).count == values.count)
    }
}
