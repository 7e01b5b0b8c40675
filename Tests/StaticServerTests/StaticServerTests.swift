import Testing
@testable import StaticServer
