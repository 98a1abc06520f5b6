import Testing
@Test func placeholderRaster() {}
