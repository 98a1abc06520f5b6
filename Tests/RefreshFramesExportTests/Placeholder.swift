import Testing
@Test func placeholderExport() {}
