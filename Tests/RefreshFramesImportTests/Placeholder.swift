import Testing
@Test func placeholderImport() {}
