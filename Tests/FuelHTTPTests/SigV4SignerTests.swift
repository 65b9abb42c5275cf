import Foundation
import FuelCodecs
import FuelHTTP
import Testing

/// One signing case with the expected signature from an independent source.
struct SigningCase: Sendable, CustomTestStringConvertible {
    let name: String
    let region: String
    let request: SigV4Signer.Request
    let sessionToken: String?
    let signedHeaders: String
    let signature: String
    var testDescription: String { name }
}

@Suite struct SigV4SignerTests {
    static let credentials = SigV4Credentials(
        accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")
    /// 2013-05-24T00:00:00Z, the date of AWS's examples.
    static let exampleDate = Date(timeIntervalSince1970: 1_369_353_600)
    static let awsHost = "examplebucket.s3.amazonaws.com"

    /// The four header-signed examples of AWS's "Signature Calculations for the Authorization Header" page, then
    /// two requests of our own shape whose signatures were computed with botocore's `S3SigV4Auth` (query given as
    /// parameters, so botocore encodes them itself).
    static let cases: [SigningCase] = [
        SigningCase(
            name: "AWS example: GET object with Range",
            region: "us-east-1",
            request: .init(
                method: "GET", host: awsHost, path: "/test.txt", headers: [.init("Range", "bytes=0-9")], body: []),
            sessionToken: nil,
            signedHeaders: "host;range;x-amz-content-sha256;x-amz-date",
            signature: "f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"),
        SigningCase(
            name: "AWS example: PUT object with $ in the key",
            region: "us-east-1",
            request: .init(
                method: "PUT", host: awsHost, path: "/test$file.text",
                headers: [
                    .init("Date", "Fri, 24 May 2013 00:00:00 GMT"), .init("x-amz-storage-class", "REDUCED_REDUNDANCY"),
                ],
                body: Array("Welcome to Amazon S3.".utf8)),
            sessionToken: nil,
            signedHeaders: "date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class",
            signature: "98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd"),
        SigningCase(
            name: "AWS example: GET bucket lifecycle (parameter without value)",
            region: "us-east-1",
            request: .init(method: "GET", host: awsHost, path: "/", query: [.init("lifecycle", "")], body: []),
            sessionToken: nil,
            signedHeaders: "host;x-amz-content-sha256;x-amz-date",
            signature: "fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543"),
        SigningCase(
            name: "AWS example: list objects (query sorted)",
            region: "us-east-1",
            request: .init(
                method: "GET", host: awsHost, path: "/", query: [.init("prefix", "J"), .init("max-keys", "2")],
                body: []),
            sessionToken: nil,
            signedHeaders: "host;x-amz-content-sha256;x-amz-date",
            signature: "34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7"),
        SigningCase(
            name: "botocore: ListObjectsV2 with a continuation token holding + / =",
            region: "auto",
            request: .init(
                method: "GET", host: "127.0.0.1:9000", path: "/fuel-bucket",
                query: [.init("list-type", "2"), .init("prefix", "fuel/"), .init("continuation-token", "a+b/c=d==")],
                body: []),
            sessionToken: nil,
            signedHeaders: "host;x-amz-content-sha256;x-amz-date",
            signature: "2fee13123e96946ba49a6d6f984ce2c15067aa8b14d3cbfec7c90e67ae917fee"),
        SigningCase(
            name: "botocore: conditional gzip PUT with a session token",
            region: "auto",
            request: .init(
                method: "PUT", host: "127.0.0.1:9000", path: "/fuel-bucket/fuel/tiles/77_-19.json",
                headers: [
                    .init("Content-Type", "application/json"), .init("Content-Encoding", "gzip"),
                    .init("If-None-Match", "*"),
                ],
                body: [0x1F, 0x8B] + Array(" tile".utf8)),
            sessionToken: "FwoGZXIvYXdzEXAMPLETOKEN",
            signedHeaders:
                "content-encoding;content-type;host;if-none-match;x-amz-content-sha256;x-amz-date;x-amz-security-token",
            signature: "d450994a37ba8ac1f63e025e41e331cc1e38836510eb44d7746ac1eae38414f0"),
    ]

    @Test(arguments: cases)
    func reproducesKnownSignature(_ testCase: SigningCase) {
        let credentials = SigV4Credentials(
            accessKeyID: Self.credentials.accessKeyID, secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            sessionToken: testCase.sessionToken)
        let signer = SigV4Signer(credentials: credentials, region: testCase.region)
        let signed = signer.sign(testCase.request, date: Self.exampleDate)
        #expect(signed.signature == testCase.signature)
        let authorization = signed.headers.first { $0.name == "authorization" }?.value
        #expect(
            authorization
                == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/\(testCase.region)/s3/aws4_request,"
                + "SignedHeaders=\(testCase.signedHeaders),Signature=\(testCase.signature)")
        #expect(signed.headers.contains(.init("x-amz-date", "20130524T000000Z")))
        #expect(signed.headers.contains(.init("x-amz-content-sha256", testCase.request.payloadHash)))
        #expect(signed.headers.contains { $0.name == "x-amz-security-token" } == (testCase.sessionToken != nil))
        #expect(!signed.headers.contains { $0.name.lowercased().hasPrefix("x-amz-checksum") })
    }

    @Test func listExampleIntermediateStrings() {
        let signer = SigV4Signer(credentials: Self.credentials, region: "us-east-1")
        let signed = signer.sign(Self.cases[3].request, date: Self.exampleDate)
        #expect(
            signed.canonicalRequest == """
                GET
                /
                max-keys=2&prefix=J
                host:examplebucket.s3.amazonaws.com
                x-amz-content-sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
                x-amz-date:20130524T000000Z

                host;x-amz-content-sha256;x-amz-date
                e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
                """)
        #expect(
            signed.stringToSign == """
                AWS4-HMAC-SHA256
                20130524T000000Z
                20130524/us-east-1/s3/aws4_request
                df57d21db20da04d7fa30298dd4488ba3a2b47ca3a489c74750e0f1e7df1b9b7
                """)
        #expect(signed.target == "/?max-keys=2&prefix=J")
    }

    @Test func putExampleEncodesDollarOnceInTargetAndCanonicalRequest() {
        let signed = SigV4Signer(credentials: Self.credentials, region: "us-east-1")
            .sign(Self.cases[1].request, date: Self.exampleDate)
        #expect(signed.target == "/test%24file.text")
        #expect(signed.canonicalRequest.split(separator: "\n")[1] == "/test%24file.text")
        #expect(
            Digest.hex(Digest.sha256(Array(signed.canonicalRequest.utf8)))
                == "9e0e90d9c76de8fa5b200d8c849cd5b8dc7a3be3951ddb7f6a76b4158342019d")
    }

    @Test func continuationTokenIsEncodedTheSameInTargetAndSignature() {
        let signed = SigV4Signer(credentials: Self.credentials)
            .sign(Self.cases[4].request, date: Self.exampleDate)
        let query = "continuation-token=a%2Bb%2Fc%3Dd%3D%3D&list-type=2&prefix=fuel%2F"
        #expect(signed.target == "/fuel-bucket?" + query)
        #expect(signed.canonicalRequest.split(separator: "\n", omittingEmptySubsequences: false)[2] == query[...])
    }

    @Test func encodingRules() {
        #expect(SigV4Signer.encode("AZaz09-._~") == "AZaz09-._~")
        #expect(SigV4Signer.encode("a b+c/d=e*f") == "a%20b%2Bc%2Fd%3De%2Af")
        #expect(SigV4Signer.encode("a/b c", encodeSlash: false) == "a/b%20c")
        #expect(SigV4Signer.encode("ü") == "%C3%BC")
        #expect(SigV4Signer.encodePath("") == "/")
        #expect(SigV4Signer.encodePath("/b/tiles/77_-19.json") == "/b/tiles/77_-19.json")
        #expect(SigV4Signer.encodePath("/b/a:b,c") == "/b/a%3Ab%2Cc")
        #expect(
            SigV4Signer.canonicalQuery([.init("b", "2"), .init("a", "z"), .init("a", "y"), .init("c", "")])
                == "a=y&a=z&b=2&c=")
    }

    @Test func headerValuesAreTrimmedAndCollapsed() {
        let request = SigV4Signer.Request(
            method: "GET", host: "h", path: "/", headers: [.init("X-Test", "  a   b  ")], body: [])
        let signed = SigV4Signer(credentials: Self.credentials).sign(request, date: Self.exampleDate)
        #expect(signed.canonicalRequest.contains("\nx-test:a b\n"))
    }

    @Test func credentialsNeverDescribeTheirSecrets() {
        let credentials = SigV4Credentials(
            accessKeyID: "AKIDPUBLIC", secretAccessKey: "very-secret-value", sessionToken: "session-secret")
        var dumped = ""
        dump(credentials, to: &dumped)
        for text in [credentials.description, credentials.debugDescription, String(reflecting: credentials), dumped] {
            #expect(text.contains("AKIDPUBLIC"))
            #expect(!text.contains("very-secret-value"))
            #expect(!text.contains("session-secret"))
        }
        let signed = SigV4Signer(credentials: credentials)
            .sign(.init(method: "GET", host: "h", path: "/", body: []), date: Self.exampleDate)
        #expect(!signed.canonicalRequest.contains("very-secret-value"))
        #expect(!signed.stringToSign.contains("very-secret-value"))
        #expect(!signed.headers.contains { $0.value.contains("very-secret-value") })
    }

    @Test func timestampsAreUTC() {
        let signed = SigV4Signer(credentials: Self.credentials)
            .sign(
                .init(method: "GET", host: "h", path: "/", body: []),
                date: Date(timeIntervalSince1970: 1_758_989_147.9))  // 2025-09-27T16:05:47.9Z
        #expect(signed.headers.contains(.init("x-amz-date", "20250927T160547Z")))
        #expect(signed.stringToSign.contains("\n20250927/auto/s3/aws4_request\n"))
    }
}
