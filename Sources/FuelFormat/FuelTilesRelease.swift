/// The FuelTiles release these modules and executables belong to: the one place its number is written.
public enum FuelTilesRelease {
    /// The release number, `major.minor.patch`, as `--version` prints it after the program's name.
    public static let version = "0.5.0"

    /// The `User-Agent` of every request the publisher sends (feed downloads and S3):
    /// `FuelTiles/<version> (+<the project's page>)`, so a feed operator can see who asks and where to write.
    public static let userAgent = "FuelTiles/\(version) (+https://github.com/fueltiles/fueltiles)"
}
