import Testing
@testable import Highlight
