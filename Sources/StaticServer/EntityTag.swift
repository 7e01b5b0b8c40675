/// Entity tags for served files, and `If-None-Match` comparison.
enum EntityTag {
    /// A strong tag built from the file's size, modification time and inode;
    /// `variant` distinguishes bodies the server altered (the injected script).
    static func make(for status: FileStatus, variant: String? = nil) -> String {
        var tag = "\"" + String(status.size, radix: 16)
            + "-" + String(status.modificationSeconds, radix: 16)
            + "." + String(status.modificationNanoseconds, radix: 16)
            + "-" + String(status.inode, radix: 16)
        if let variant { tag += "-" + variant }
        return tag + "\""
    }

    /// Whether an `If-None-Match` field value matches `tag`, using the weak
    /// comparison that RFC 9110 prescribes for this field.
    static func ifNoneMatch(_ fieldValue: String, matches tag: String) -> Bool {
        let opaque = tag.dropWeakPrefix()
        for candidate in fieldValue.split(separator: ",") {
            let trimmed = candidate.trimmingSpaces()
            if trimmed == "*" || trimmed.dropWeakPrefix() == opaque { return true }
        }
        return false
    }
}

extension StringProtocol {
    /// The tag without a leading `W/` weakness marker.
    fileprivate func dropWeakPrefix() -> SubSequence {
        hasPrefix("W/") ? dropFirst(2) : self[...]
    }
}
