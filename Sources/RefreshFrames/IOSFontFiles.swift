import Foundation
import RefreshFramesRaster

/// `REFRESH_FRAMES_IOS_FONTS`: directories of iOS's own font files (copied from a device's or a
/// simulator runtime's `/System/Library/Fonts`, or Apple's downloadable SF Pro), separated by `:`.
/// Their faces draw the iOS families they are instead of the Debian stand-ins, with their own line
/// heights and advance widths (`FontBook.registerIOSFonts(in:)`); validate's and import's font notes
/// name the file. Read once per process, before the first spec loads.
package enum IOSFontFiles {
    package static let variable = "REFRESH_FRAMES_IOS_FONTS"

    /// The variable as the process started with it.
    private static let value = ProcessInfo.processInfo.environment[variable]

    /// The faces taken (`Family Style (file)`), or the variable's error.
    private static let registration: Result<[String], LoadError> = register(value)

    /// Takes the variable's fonts the first time it is called; throws its error (a directory that is
    /// not one) on every call.
    @discardableResult
    package static func registered() throws(LoadError) -> [String] { try registration.get() }

    /// A warning when the variable names directories in which no iOS font was found (so nothing
    /// changed): nil otherwise.
    package static var warning: String? {
        guard case .success(let taken) = registration, taken.isEmpty, let value, !value.isEmpty else { return nil }
        return
            "\(variable): warning: no iOS font file (SF Pro/SF UI, Helvetica Neue, PingFang…) in '\(value)': the stand-ins draw"
    }

    static func register(_ value: String?) -> Result<[String], LoadError> {
        guard let value, !value.isEmpty else { return .success([]) }
        let directories = value.split(separator: ":").map(String.init)
        for directory in directories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                return .failure(
                    LoadError(
                        "\(variable): error: '\(directory)' is not a directory; expected directories of iOS font files, separated by ':'"
                    ))
            }
        }
        return .success(FontBook.shared.registerIOSFonts(in: directories))
    }
}
