import Foundation

/// The environment's say in which fonts load, checked before fontconfig reads it: fontconfig reads
/// its configuration file whole, whatever it is (`FONTCONFIG_FILE=/dev/zero` grew to 1.5 GB and
/// never ended), so the file it would read must be a regular file of at most `maxConfigurationBytes`.
enum FontEnvironment {
    /// Debian's `/etc/fonts/fonts.conf` is about 3 KiB.
    static let maxConfigurationBytes = 1 << 20

    static func check(_ environment: [String: String]) throws(CLIError) {
        guard let file = environment["FONTCONFIG_FILE"], !file.isEmpty else { return }
        // fontconfig reads an absolute name as it is, `~/` in the home directory, and any other name
        // in FONTCONFIG_PATH's directories, then its own (`/etc/fonts`).
        var candidates: [String]
        if file.hasPrefix("/") {
            candidates = [file]
        } else if file.hasPrefix("~/"), let home = environment["HOME"] {
            candidates = [home + file.dropFirst()]
        } else {
            let directories = (environment["FONTCONFIG_PATH"] ?? "").split(separator: ":").map(String.init)
            candidates = (directories + ["/etc/fonts"]).map { ($0 as NSString).appendingPathComponent(file) }
        }
        for path in candidates {
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw .input(
                    "FONTCONFIG_FILE: error: '\(path)' is not a regular file; expected a fontconfig configuration file")
            }
            guard info.st_size <= maxConfigurationBytes else {
                throw .input(
                    "FONTCONFIG_FILE: error: '\(path)' is \(info.st_size) bytes, over the limit fontconfigBytes = \(maxConfigurationBytes)"
                )
            }
            return
        }
    }
}
