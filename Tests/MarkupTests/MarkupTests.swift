import Testing
@testable import Markup
