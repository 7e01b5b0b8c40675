import Testing
@testable import Mustache
