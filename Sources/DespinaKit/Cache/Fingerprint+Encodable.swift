extension Fingerprint {
    /// Mixes in an encodable value, field by field in the order its
    /// `encode(to:)` writes them, each field with its name. A type whose
    /// conformance is synthesized lists its stored properties there, so a
    /// property added to it is in the digest with no code beside the type.
    ///
    /// For types whose encoding has a fixed order: a `Dictionary` encodes in
    /// an order that changes from one process to the next, so a value
    /// holding one needs `SiteConfig.encoded(_:)`'s sorted keys instead.
    mutating func combine(encoding value: some Encodable) {
        let sink = FingerprintSink(self)
        // The encoder itself never throws; a conformance written by hand
        // could, and what it mixed in before throwing then stands.
        try? value.encode(to: FingerprintEncoder(sink: sink))
        self = sink.fingerprint
    }
}

/// The digest an encoding is mixed into, shared by its containers.
private final class FingerprintSink {
    var fingerprint: Fingerprint

    init(_ fingerprint: Fingerprint) { self.fingerprint = fingerprint }

    func mark(_ kind: UInt64) { fingerprint.combine(kind) }
    func key(_ key: some CodingKey) { fingerprint.combine(key.stringValue) }
    func null() { mark(1) }
    func bool(_ flag: Bool) { mark(2); fingerprint.combine(flag) }
    func integer(_ number: Int64) { mark(3); fingerprint.combine(UInt64(bitPattern: number)) }
    func unsigned(_ number: UInt64) { mark(4); fingerprint.combine(number) }
    func double(_ number: Double) { mark(5); fingerprint.combine(number.bitPattern) }
    func string(_ text: String) { mark(6); fingerprint.combine(text) }
    func nested(_ value: some Encodable) throws { try value.encode(to: FingerprintEncoder(sink: self)) }
}

private struct FingerprintEncoder: Encoder {
    let sink: FingerprintSink
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        sink.mark(7)
        return KeyedEncodingContainer(KeyedFields(sink: sink))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        sink.mark(8)
        return Elements(sink: sink)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(sink: sink) }
}

/// A single value: the same as one element without its mark. Every
/// primitive type has its own overload here: the generic one would encode
/// a `String` as a single value again, without end.
private struct Single: SingleValueEncodingContainer {
    let sink: FingerprintSink
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() { sink.null() }
    mutating func encode(_ value: Bool) { sink.bool(value) }
    mutating func encode(_ value: String) { sink.string(value) }
    mutating func encode(_ value: Double) { sink.double(value) }
    mutating func encode(_ value: Float) { sink.double(Double(value)) }
    mutating func encode(_ value: Int) { sink.integer(Int64(value)) }
    mutating func encode(_ value: Int8) { sink.integer(Int64(value)) }
    mutating func encode(_ value: Int16) { sink.integer(Int64(value)) }
    mutating func encode(_ value: Int32) { sink.integer(Int64(value)) }
    mutating func encode(_ value: Int64) { sink.integer(value) }
    mutating func encode(_ value: UInt) { sink.unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt8) { sink.unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt16) { sink.unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt32) { sink.unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt64) { sink.unsigned(value) }
    mutating func encode(_ value: some Encodable) throws { try sink.nested(value) }
}

/// A struct's fields: each named, then its value as a single value is.
/// An absent optional leaves its name out, which tells it apart from any
/// value. The types without an overload here go through the generic
/// `encode`, which encodes them as a single value: the same digest.
private struct KeyedFields<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let sink: FingerprintSink
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) { sink.key(key); sink.null() }
    mutating func encode(_ value: Bool, forKey key: Key) { sink.key(key); sink.bool(value) }
    mutating func encode(_ value: String, forKey key: Key) { sink.key(key); sink.string(value) }
    mutating func encode(_ value: Int, forKey key: Key) { sink.key(key); sink.integer(Int64(value)) }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws { sink.key(key); try sink.nested(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        sink.key(key)
        return FingerprintEncoder(sink: sink).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        sink.key(key)
        return FingerprintEncoder(sink: sink).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { sink.mark(9); return FingerprintEncoder(sink: sink) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { sink.key(key); return FingerprintEncoder(sink: sink) }
}

/// An array's elements, each marked as one, so that where one array ends
/// and the next field begins stays in the digest; each is encoded as a
/// single value (the primitive types through the generic `encode`).
private struct Elements: UnkeyedEncodingContainer {
    let sink: FingerprintSink
    var codingPath: [any CodingKey] { [] }
    private(set) var count = 0
    private var element: Single {
        mutating get {
            count += 1
            sink.mark(10)
            return Single(sink: sink)
        }
    }

    mutating func encodeNil() { var value = element; value.encodeNil() }
    mutating func encode(_ value: some Encodable) throws { var single = element; try single.encode(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        _ = element
        return FingerprintEncoder(sink: sink).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        _ = element
        return FingerprintEncoder(sink: sink).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { _ = element; return FingerprintEncoder(sink: sink) }
}
