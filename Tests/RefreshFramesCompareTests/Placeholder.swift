import Testing
@Test func placeholderCompare() {}
