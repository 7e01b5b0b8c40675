#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether `first` sorts before `second` by their UTF-8 bytes, compared a
/// block at a time: the order of paths in every listing and manifest of a
/// build, and of terms and words in the search index (the same as Unicode
/// scalar order, which a browser reproduces).
public func precedesByBytes(_ first: String, _ second: String) -> Bool {
    var first = first
    var second = second
    return first.withUTF8 { left in
        second.withUTF8 { right in
            let common = min(left.count, right.count)
            if common > 0, let leftStart = left.baseAddress, let rightStart = right.baseAddress {
                let order = memcmp(leftStart, rightStart, common)
                if order != 0 { return order < 0 }
            }
            return left.count < right.count
        }
    }
}
