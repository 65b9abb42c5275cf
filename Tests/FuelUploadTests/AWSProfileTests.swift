import Foundation
import FuelHTTP
import Testing
import _FuelTestSupport

@testable import FuelUpload

/// Credentials, region and endpoint come from the standard AWS chain: the environment, then `AWS_PROFILE`'s
/// profile in `~/.aws/credentials` and `~/.aws/config`, with `AWS_DEFAULT_REGION` after `AWS_REGION`.
@Suite struct AWSProfileTests {
    static let credentialsFile = """
        # written by aws configure
        [default]
        aws_access_key_id = AKIDDEFAULT
        aws_secret_access_key = default/secret+=

        [r2]
        aws_access_key_id=AKIDR2
        aws_secret_access_key=r2secret
        aws_session_token = r2token
        ; a comment
        [half]
        aws_access_key_id = AKIDHALF
        """
    static let configFile = """
        [default]
        region = eu-west-3

        [profile r2]
        region = auto
        endpoint_url = https://acc.r2.cloudflarestorage.com
        s3 =
          addressing_style = path
        [profile only-config]
        aws_access_key_id = AKIDCONFIG
        aws_secret_access_key = configsecret
        """

    /// A HOME folder holding `.aws/credentials` and `.aws/config` as above.
    static func home() throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("aws-home-\(UUID().uuidString)")
        let aws = home.appendingPathComponent(".aws")
        try FileManager.default.createDirectory(at: aws, withIntermediateDirectories: true)
        try credentialsFile.write(to: aws.appendingPathComponent("credentials"), atomically: true, encoding: .utf8)
        try configFile.write(to: aws.appendingPathComponent("config"), atomically: true, encoding: .utf8)
        return home
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let environment: [String: String]
        let keyID: String
        let region: String
        let endpoint: String
        var sessionToken = false
    }

    static let cases: [Case] = [
        Case(
            testDescription: "the environment's keys win over the default profile",
            environment: [
                "AWS_ACCESS_KEY_ID": "AKIDENV", "AWS_SECRET_ACCESS_KEY": "envsecret",
                "AWS_ENDPOINT_URL": "http://127.0.0.1:9000",
            ],
            keyID: "AKIDENV", region: "eu-west-3", endpoint: "http://127.0.0.1:9000"),
        Case(
            testDescription: "no keys in the environment: the default profile, its region and AWS's endpoint",
            environment: [:], keyID: "AKIDDEFAULT", region: "eu-west-3",
            endpoint: "https://s3.eu-west-3.amazonaws.com"),
        Case(
            testDescription: "AWS_PROFILE names a profile with an endpoint_url (R2)",
            environment: ["AWS_PROFILE": "r2"],
            keyID: "AKIDR2", region: "auto", endpoint: "https://acc.r2.cloudflarestorage.com", sessionToken: true),
        Case(
            testDescription: "AWS_DEFAULT_REGION over the profile's region",
            environment: ["AWS_DEFAULT_REGION": "us-east-2"], keyID: "AKIDDEFAULT", region: "us-east-2",
            endpoint: "https://s3.us-east-2.amazonaws.com"),
        Case(
            testDescription: "AWS_REGION over AWS_DEFAULT_REGION",
            environment: ["AWS_REGION": "eu-central-1", "AWS_DEFAULT_REGION": "us-east-2"], keyID: "AKIDDEFAULT",
            region: "eu-central-1", endpoint: "https://s3.eu-central-1.amazonaws.com"),
        Case(
            testDescription: "keys in the config file's [profile NAME]",
            environment: ["AWS_PROFILE": "only-config", "AWS_ENDPOINT_URL_S3": "http://127.0.0.1:9000"],
            keyID: "AKIDCONFIG", region: "auto", endpoint: "http://127.0.0.1:9000"),
    ]

    @Test(arguments: cases) func theChainResolves(_ test: Case) throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = test.environment.merging(["HOME": home.path]) { $1 }
        let settings = try UploadSettings(
            options: UploadOptions(from: URL(fileURLWithPath: "/tmp/out"), bucket: "b"), environment: environment)
        #expect(settings.credentials.accessKeyID == test.keyID)
        #expect(settings.region == test.region)
        #expect(settings.endpoint.baseURL == test.endpoint)
        #expect(settings.credentials.hasSessionToken == test.sessionToken)
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let environment: [String: String]
        let mentions: String
    }

    static let refusals: [Refusal] = [
        Refusal(
            testDescription: "a profile that is in neither file", environment: ["AWS_PROFILE": "nope"],
            mentions: "AWS profile 'nope' (AWS_PROFILE) is not in"),
        Refusal(
            testDescription: "a profile without its secret", environment: ["AWS_PROFILE": "half"],
            mentions: "AWS profile 'half' has no aws_secret_access_key"),
        Refusal(
            testDescription: "one key in the environment is not completed from a profile",
            environment: ["AWS_ACCESS_KEY_ID": "AKIDENV"], mentions: "AWS_SECRET_ACCESS_KEY must be set"),
    ]

    @Test(arguments: refusals) func refusedNamingWhatIsMissingAndNoSecret(_ test: Refusal) throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = test.environment.merging(["HOME": home.path, "AWS_ENDPOINT_URL": "http://h"]) { $1 }
        let error = #expect(throws: UploadError.self) {
            try UploadSettings(
                options: UploadOptions(from: URL(fileURLWithPath: "/tmp/out"), bucket: "b"), environment: environment)
        }
        let text = "\(error.map { String(describing: $0) } ?? "")"
        #expect(text.contains(test.mentions), "\(text)")
        for secret in ["default/secret+=", "r2secret", "configsecret", "r2token"] { #expect(!text.contains(secret)) }
    }

    @Test func anEnvironmentWithoutHomeReadsNoProfileFiles() throws {
        #expect(try AWSProfile.load(environment: [:]).found == false)
        #expect(try AWSProfile.load(environment: [:]).files.isEmpty)
    }

    @Test func nestedBlocksAndCommentsAreSkipped() {
        let sections = AWSProfile.sections(Self.configFile)
        #expect(sections["profile r2"] == ["region": "auto", "endpoint_url": "https://acc.r2.cloudflarestorage.com"])
        #expect(sections["default"] == ["region": "eu-west-3"])
    }
}
