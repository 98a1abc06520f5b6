/// Reads a program's Swift files into one `CodeModule`: each is checked against the size limit,
/// migrated, parsed by `parse` (swiftc, run by the caller at its edge: this module starts no
/// process), and decoded. `parse` receives the migrated text and returns swiftc's JSON and stderr.
package enum SwiftCodeReader {
    package struct Parsed {
        package var json: [UInt8]
        package var diagnostics: String

        package init(json: [UInt8], diagnostics: String) {
            self.json = json
            self.diagnostics = diagnostics
        }
    }

    package static func read(_ files: [SourceFile], parse: (SourceFile) throws -> Parsed) throws -> CodeModule {
        var module = CodeModule()
        for file in files {
            guard file.bytes.count <= CodeLimits.sourceBytes else {
                throw CodeDiagnostic.error(
                    at: CodeLocation(file: file.name, line: 1, column: 1),
                    "the file is \(file.bytes.count) bytes, over the limit codeSourceBytes = \(CodeLimits.grouped(CodeLimits.sourceBytes))"
                )
            }
            let migration = Migration.migrate(file)
            let parsed = try parse(migration.migrated)
            module.merge(
                try ASTDecoder.decode(json: parsed.json, migration: migration, compilerDiagnostics: parsed.diagnostics))
        }
        return module
    }
}
