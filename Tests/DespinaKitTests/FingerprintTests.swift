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

    /// The digest of a file is the one kept in manifests and cache files:
    /// for every length up to a few blocks, the same as four lanes taking one
    /// 32-byte block at a time, as written here.
    @Test func digestsAreTheOnesAlreadyOnDisk() {
        func reference(_ bytes: [UInt8]) -> UInt64 {
            let (prime1, prime2): (UInt64, UInt64) = (0x9E37_79B1_85EB_CA87, 0xC2B2_AE3D_27D4_EB4F)
            func word(_ at: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) } }
            func round(_ lane: UInt64, _ word: UInt64) -> UInt64 {
                let mixed = lane &+ word &* prime2
                return ((mixed << 31) | (mixed >> 33)) &* prime1
            }
            var lanes = [prime1 &+ prime2, prime2, 0, 0 &- prime1]
            var offset = 0
            while offset + 32 <= bytes.count {
                for lane in 0..<4 { lanes[lane] = round(lanes[lane], word(offset + 8 * lane)) }
                offset += 32
            }
            var fingerprint = Fingerprint()
            for lane in lanes { fingerprint.combine(lane) }
            fingerprint.combine(Array(bytes[offset...]))
            fingerprint.combine(bytes.count)
            return fingerprint.value
        }
        for count in 0...300 {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ count) }
            #expect(Fingerprint.of(bytes) == reference(bytes), "\(count) bytes")
        }
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

    /// Every field of a post's links, found by reflection: a field added
    /// to `PostLinks` and left out of `combine(into:)` fails here.
    @Test func everyFieldOfAPostsLinksCounts() {
        func fieldPaths(of value: Any, under prefix: String = "") -> [String] {
            Mirror(reflecting: value).children.flatMap { child -> [String] in
                let label = child.label.map { $0 == "some" ? prefix : prefix + "." + $0 } ?? prefix + "[]"
                let nested = fieldPaths(of: child.value, under: label)
                return nested.isEmpty ? [label] : nested
            }
        }
        let a = PostLinks.Link(title: "A", path: "/a/")
        let full = PostLinks(
            previous: a, next: a, series: .init(title: "S", slug: "s", position: 0, parts: [a]))
        #expect(Set(fieldPaths(of: full)) == [
            ".previous.title", ".previous.path", ".previous.digest", ".next.title", ".next.path", ".next.digest",
            ".series.title", ".series.slug", ".series.position", ".series.parts[].title", ".series.parts[].path",
            ".series.parts[].digest",
        ])
        func digest(_ links: PostLinks) -> UInt64 {
            var fingerprint = Fingerprint()
            links.combine(into: &fingerprint)
            return fingerprint.value
        }
        let b = PostLinks.Link(title: "B", path: "/b/")
        let values = [
            PostLinks(), PostLinks(previous: a), PostLinks(next: a), PostLinks(previous: a, next: b),
            PostLinks(previous: b, next: a), PostLinks(previous: .init(title: "A", path: "/b/")),
            PostLinks(previous: .init(title: "/a/", path: "A")), full,
            PostLinks(previous: a, next: a, series: .init(title: "T", slug: "s", position: 0, parts: [a])),
            PostLinks(previous: a, next: a, series: .init(title: "S", slug: "t", position: 0, parts: [a])),
            PostLinks(previous: a, next: a, series: .init(title: "S", slug: "s", position: 1, parts: [a])),
            PostLinks(previous: a, next: a, series: .init(title: "S", slug: "s", position: 0, parts: [a, a])),
            PostLinks(previous: a, next: a, series: .init(title: "S", slug: "s", position: 0, parts: [b])),
            PostLinks(previous: a, next: a, series: .init(title: "S", slug: "s", position: 0, parts: [])),
        ]
        #expect(Set(values.map(digest)).count == values.count)
        #expect(digest(full) == digest(full))
    }
}
