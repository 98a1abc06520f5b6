import RefreshFramesCompare
import RefreshFramesCore
import Testing

@Suite struct PixelComparisonTests {
    @Test func identicalFramesPass() {
        let frame = Fixture.frame()
        let difference = PixelComparison.compare(actual: frame, golden: frame, tolerance: .default)
        #expect(difference.passed)
        #expect(
            difference
                == .compared(
                    PixelStatistics(
                        pixelCount: 800, differingPixelCount: 0, antialiasedPixelCount: 0, maxDelta: 0, bounds: nil,
                        tolerance: .default)))
        #expect(difference.summary == "0% of pixels differ, max Δ 0, tolerance 0%")
    }

    /// 1 pt at 2× scale: the 8×12 px label moves 2 px right, so 2 columns appear and 2 vanish.
    @Test func labelMovedTwoPixelsFails() throws {
        let golden = Fixture.frame(left: 10, right: 18)
        let actual = Fixture.frame(left: 12, right: 20)
        let difference = PixelComparison.compare(actual: actual, golden: golden, tolerance: .default)
        #expect(!difference.passed)
        let statistics = try #require(difference.statistics)
        #expect(statistics.differingPixelCount == 48)
        #expect(statistics.antialiasedPixelCount == 0)
        #expect(statistics.bounds == PixelRect(x: 10, y: 4, width: 10, height: 12))
        #expect(statistics.maxDelta == 255)
        #expect(difference.summary == "6% of pixels differ, max Δ 255, tolerance 0%")
        #expect(difference.details == "48 of 800 pixels differ in x 10…19, y 4…15 (threshold 0.1)")
    }

    @Test func changedColorFailsWithExactMaxDelta() throws {
        let golden = Fixture.frame(fill: Fixture.magenta)
        let actual = Fixture.frame(fill: Fixture.brown)
        let difference = PixelComparison.compare(actual: actual, golden: golden)
        #expect(!difference.passed)
        let statistics = try #require(difference.statistics)
        // magenta FF00FF against brown 996633: |0x00 - 0x66| = 102, |0xFF - 0x33| = 204.
        #expect(statistics.maxDelta == 204)
        #expect(statistics.differingPixelCount == 96)
        #expect(statistics.bounds == PixelRect(x: 10, y: 4, width: 8, height: 12))
    }

    /// The same black bar, its edges rasterised with different coverage (½ against ¼ and ¾):
    /// only the two antialiased edge columns change, by 63–64 grey levels.
    @Test func antialiasingNoisePassesOnlyWhenIgnored() throws {
        let golden = Fixture.frame(fill: .black, left: 10.5, right: 20.5)
        let actual = Fixture.frame(fill: .black, left: 10.25, right: 20.25)
        #expect(golden[10, 8] == (128, 128, 128, 255))
        #expect(actual[10, 8] == (64, 64, 64, 255))

        let lenient = PixelComparison.compare(actual: actual, golden: golden, tolerance: .default)
        #expect(lenient.passed)
        #expect(lenient.statistics?.differingPixelCount == 0)
        #expect(lenient.statistics?.antialiasedPixelCount == 24)

        let strict = PixelComparison.compare(
            actual: actual, golden: golden, tolerance: PixelTolerance(ignoreAntialiasing: false))
        #expect(!strict.passed)
        #expect(strict.statistics?.differingPixelCount == 24)
        #expect(strict.statistics?.bounds == PixelRect(x: 10, y: 4, width: 11, height: 12))
    }

    @Test func smallColorShiftBelowThresholdPasses() {
        let golden = Fixture.frame(fill: RGBA(white: 0.5))
        let actual = Fixture.frame(fill: RGBA(white: 0.5 + 4.0 / 255))
        #expect(PixelComparison.compare(actual: actual, golden: golden).passed)
        #expect(!PixelComparison.compare(actual: actual, golden: golden, tolerance: .exact).passed)
    }

    @Test func alphaChangeIsADifference() {
        let golden = Bitmap(width: 4, height: 4, fill: .clear)
        let actual = Bitmap(width: 4, height: 4, fill: .white)
        #expect(PixelComparison.compare(actual: actual, golden: golden).statistics?.differingPixelCount == 16)
        let otherClear = Bitmap(width: 4, height: 4, fill: RGBA(red: 1, green: 0, blue: 0, alpha: 0))
        #expect(PixelComparison.compare(actual: otherClear, golden: golden, tolerance: .default).passed)
    }

    @Test func allowedFractionLetsAFewPixelsThrough() {
        let golden = Fixture.frame(left: 10, right: 18)
        let actual = Fixture.frame(left: 12, right: 20)
        #expect(
            PixelComparison.compare(actual: actual, golden: golden, tolerance: .init(maxDifferingFraction: 0.06)).passed
        )
        #expect(
            !PixelComparison.compare(actual: actual, golden: golden, tolerance: .init(maxDifferingFraction: 0.059))
                .passed)
    }

    @Test func sizeMismatchFailsWithClearMessage() {
        let difference = PixelComparison.compare(actual: Fixture.frame(height: 24), golden: Fixture.frame())
        #expect(!difference.passed)
        #expect(
            difference
                == .sizeMismatch(actual: PixelSize(width: 40, height: 24), golden: PixelSize(width: 40, height: 20)))
        #expect(difference.summary == "size differs: actual 40×24, golden 40×20")
        #expect(difference.statistics == nil)
    }

    @Test func diffImageShowsChangesInRedOverFadedGolden() {
        let golden = Fixture.frame(left: 10, right: 18)
        let actual = Fixture.frame(left: 12, right: 20)
        let difference = PixelComparison.compare(actual: actual, golden: golden)
        let image = DiffImage.make(actual: actual, golden: golden, difference: difference)
        #expect(image.width == 40 && image.height == 20)
        #expect(image[10, 5] == (255, 0, 0, 255))
        #expect(image[19, 15] == (255, 0, 0, 255))
        // Unchanged magenta (Y ≈ 105.4) faded to 20 %: 255 + (105.4 - 255) × 0.2 ≈ 225.
        #expect(image[14, 8] == (225, 225, 225, 255))
        #expect(image[0, 0] == (255, 255, 255, 255))
    }

    @Test func diffImageShowsAntialiasedPixelsInYellow() {
        let golden = Fixture.frame(fill: .black, left: 10.5, right: 20.5)
        let actual = Fixture.frame(fill: .black, left: 10.25, right: 20.25)
        let image = DiffImage.make(
            actual: actual, golden: golden, difference: PixelComparison.compare(actual: actual, golden: golden))
        #expect(image[10, 8] == (255, 255, 0, 255))
        #expect(image[20, 8] == (255, 255, 0, 255))
    }

    @Test func diffImageOfSizeMismatchCoversBothFrames() {
        let golden = Fixture.frame()
        let actual = Fixture.frame(height: 24)
        let image = DiffImage.make(
            actual: actual, golden: golden, difference: PixelComparison.compare(actual: actual, golden: golden))
        #expect(image.width == 40 && image.height == 24)
        #expect(image[0, 22] == (255, 0, 0, 255))
        #expect(image[0, 0] == (255, 255, 255, 255))
    }
}
