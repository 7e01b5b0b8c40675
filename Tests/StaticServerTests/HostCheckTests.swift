import Testing
@testable import StaticServer

/// Which `Host` fields name the server: the defence against DNS rebinding.
@Suite("HostCheck")
struct HostCheckTests {
    @Test(arguments: [
        ("localhost", true), ("localhost:8080", true), ("LOCALHOST:8080", true), ("localhost.:8080", true),
        ("127.0.0.1", true), ("127.0.0.1:8080", true), ("[::1]", true), ("[::1]:8080", true),
        ("[0:0:0:0:0:0:0:1]:8080", true), ("localhost:", true),
        ("localhost:8081", false), ("127.0.0.1:80", false), ("rebound.example", false),
        ("rebound.example:8080", false), ("localhost.rebound.example:8080", false), ("127.0.0.2:8080", false),
        ("10.0.0.1:8080", false), ("::1", false), ("[::1", false), ("[localhost]:8080", false),
        ("localhost:8080:8080", false), ("localhost:80a", false), ("localhost:99999", false), ("", false), (":8080", false),
    ])
    func onLoopbackAcceptsOnlyLoopbackNames(_ field: String, accepted: Bool) {
        let check = HostCheck(listeningHost: "127.0.0.1", port: 8080, machineName: "writers-laptop")
        #expect(check.accepts(field) == accepted)
    }

    @Test(arguments: [
        ("192.168.1.5:8080", true), ("192.168.1.5", true), ("localhost:8080", true), ("[::1]:8080", true),
        ("192.168.1.6:8080", false), ("writers-laptop:8080", false), ("rebound.example:8080", false),
    ])
    func onOneAddressAcceptsThatAddress(_ field: String, accepted: Bool) {
        let check = HostCheck(listeningHost: "192.168.1.5", port: 8080, machineName: "writers-laptop")
        #expect(check.accepts(field) == accepted)
    }

    @Test(arguments: [
        ("192.168.1.20:8080", true), ("10.1.2.3", true), ("[fe80::1]:8080", true), ("[2001:db8::5]:8080", true),
        ("writers-laptop:8080", true), ("Writers-Laptop.local:8080", true), ("localhost:8080", true),
        ("rebound.example:8080", false), ("writers-laptop.rebound.example:8080", false), ("192.168.1.20:9000", false),
        ("1.2.3:8080", false),
    ])
    func onEveryAddressAcceptsAnyLiteralAndTheMachineName(_ field: String, accepted: Bool) {
        for wildcard in ["0.0.0.0", "::"] {
            let check = HostCheck(listeningHost: wildcard, port: 8080, machineName: "writers-laptop")
            #expect(check.accepts(field) == accepted, "\(wildcard)")
        }
    }

    @Test func acceptsTheNameItListensOn() {
        let check = HostCheck(listeningHost: "preview.test", port: 4000, machineName: nil)
        #expect(check.accepts("preview.test:4000"))
        #expect(check.accepts("localhost:4000"))
        #expect(!check.accepts("other.test:4000"))
        #expect(check.suggestedAuthority == "preview.test:4000")
    }

    @Test func suggestsAnAddressTheServerAnswersOn() {
        #expect(HostCheck(listeningHost: "0.0.0.0", port: 80, machineName: nil).suggestedAuthority == "localhost:80")
        #expect(HostCheck(listeningHost: "::1", port: 8080, machineName: nil).suggestedAuthority == "[::1]:8080")
        #expect(HostCheck(listeningHost: "127.0.0.1", port: 8080, machineName: nil).suggestedAuthority == "127.0.0.1:8080")
    }
}
