import Foundation

/// The standard AWS chain every S3 tool an operator knows reads, after the environment's own keys: a named profile
/// (`AWS_PROFILE`, else `default`) in the shared credentials file (`AWS_SHARED_CREDENTIALS_FILE`, else
/// `~/.aws/credentials`) and the config file (`AWS_CONFIG_FILE`, else `~/.aws/config`, whose sections read
/// `[profile NAME]`, and `[default]`), with the profile's `region` and `endpoint_url`.
struct AWSProfile: Sendable, Equatable {
    /// The profile's name.
    var name: String
    /// `aws_access_key_id`, `aws_secret_access_key` and `aws_session_token`, the credentials file's over the config's.
    var accessKeyID: String?
    var secretAccessKey: String?
    var sessionToken: String?
    /// `region` and `endpoint_url`, from the config file (or the credentials file, as the AWS CLI also reads them).
    var region: String?
    var endpointURL: String?
    /// The files the profile was looked for in, for messages.
    var files: [String]
    /// True when a section of that name was found in either file.
    var found: Bool

    /// Environment variables that choose the profile and its files.
    enum Variable {
        static let profile = "AWS_PROFILE"
        static let credentialsFile = "AWS_SHARED_CREDENTIALS_FILE"
        static let configFile = "AWS_CONFIG_FILE"
    }

    /// Reads the profile the environment names. A file that does not exist is no error: it holds no profile.
    /// - Throws: ``UploadError/configuration(_:)`` when a file exists but cannot be read (its path, never a value).
    static func load(environment: [String: String]) throws -> AWSProfile {
        func variable(_ name: String) -> String? {
            environment[name].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        }
        let name = variable(Variable.profile) ?? "default"
        // Only the HOME the environment names: a test's environment without one reads no real home's files.
        let home = variable("HOME")
        let paths = [
            variable(Variable.credentialsFile) ?? home.map { $0 + "/.aws/credentials" },
            variable(Variable.configFile) ?? home.map { $0 + "/.aws/config" },
        ]
        let credentials = try paths[0].map { try sections(atPath: $0)[name] } ?? nil
        let config = try paths[1].map { try sections(atPath: $0)[name == "default" ? name : "profile \(name)"] } ?? nil
        let merged = (config ?? [:]).merging(credentials ?? [:]) { $1 }
        return AWSProfile(
            name: name, accessKeyID: merged["aws_access_key_id"], secretAccessKey: merged["aws_secret_access_key"],
            sessionToken: merged["aws_session_token"], region: merged["region"], endpointURL: merged["endpoint_url"],
            files: paths.compactMap { $0 }, found: credentials != nil || config != nil)
    }

    /// The sections of an INI file as the AWS CLI writes them: `[name]` headers, `key = value` lines, `#` and `;`
    /// comments; an indented line continues a nested block (`s3 =` settings) and is skipped.
    static func sections(atPath path: String) throws -> [String: [String: String]] {
        guard FileManager.default.fileExists(atPath: path) else { return [:] }
        guard let data = FileManager.default.contents(atPath: path), let text = String(bytes: data, encoding: .utf8)
        else {
            throw UploadError.configuration("cannot read the AWS profile file \(path)")
        }
        return sections(text)
    }

    /// Parses the text of an INI file (see ``sections(atPath:)``).
    static func sections(_ text: String) -> [String: [String: String]] {
        var result: [String: [String: String]] = [:]
        var current: String?
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if rawLine.first == " " || rawLine.first == "\t" { continue }
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                let name = line.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
                    .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                current = name
                if result[name] == nil { result[name] = [:] }
                continue
            }
            guard let current, let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if !key.isEmpty, !value.isEmpty { result[current]?[key] = value }
        }
        return result
    }
}
