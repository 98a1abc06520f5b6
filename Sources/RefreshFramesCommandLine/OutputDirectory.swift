import Foundation

/// A directory being filled: `OUT.tmp-PID/` until `commit()` puts it in place of `OUT/`.
public final class OutputDirectory {
    public let path: String
    public let temporaryPath: String
    private var committed = false

    public init(_ path: String) throws(CLIError) {
        self.path = path
        temporaryPath = path.hasSuffix("/") ? String(path.dropLast()) + ".tmp-\(getpid())" : path + ".tmp-\(getpid())"
        TemporaryFiles.shared.installSignalHandlers()
        TemporaryFiles.shared.add(temporaryPath)
        do {
            try? FileManager.default.removeItem(atPath: temporaryPath)
            try FileManager.default.createDirectory(atPath: temporaryPath, withIntermediateDirectories: false)
        } catch {
            TemporaryFiles.shared.remove(temporaryPath)
            throw .input("\(path): error: cannot create the directory (\(OutputFile.describe(error)))")
        }
    }

    deinit {
        if !committed {
            try? FileManager.default.removeItem(atPath: temporaryPath)
            TemporaryFiles.shared.remove(temporaryPath)
        }
    }

    public func write(_ bytes: [UInt8], name: String) throws(CLIError) {
        let created = TemporaryFiles.shared.whileOpen {
            FileManager.default.createFile(atPath: temporaryPath + "/" + name, contents: Data(bytes))
        }
        guard created else {
            throw .input("\(path)/\(name): error: writing failed (\(String(cString: strerror(errno))))")
        }
    }

    public func commit() throws(CLIError) {
        let target = path.hasSuffix("/") ? String(path.dropLast()) : path
        let old = target + ".old-\(getpid())"
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory)
        if exists {
            guard isDirectory.boolValue else { throw .input("\(path): error: exists and is not a directory") }
            guard rename(target, old) == 0 else {
                throw .input("\(path): error: cannot replace the directory (\(String(cString: strerror(errno))))")
            }
        }
        guard rename(temporaryPath, target) == 0 else {
            if exists { _ = rename(old, target) }
            throw .input("\(path): error: cannot create the directory (\(String(cString: strerror(errno))))")
        }
        committed = true
        TemporaryFiles.shared.remove(temporaryPath)
        if exists { try? FileManager.default.removeItem(atPath: old) }
    }
}
