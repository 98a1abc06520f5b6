import Testing
@Test func placeholderCLI() {}
