import Testing
@testable import DespinaKit
