import Testing
@testable import SearchIndex
