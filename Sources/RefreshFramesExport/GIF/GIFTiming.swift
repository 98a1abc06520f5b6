/// Turns frame start times into GIF delays (whole centiseconds).
package enum GIFTiming {
    /// A frame to encode and how long it shows.
    package struct Slot: Hashable, Sendable {
        package var frameIndex: Int
        package var delay: Int

        package init(frameIndex: Int, delay: Int) {
            self.frameIndex = frameIndex
            self.delay = delay
        }
    }

    /// The shortest delay browsers honour; shorter ones are shown as about 10 cs.
    package static let minimumDelay = 2

    /// Delays for frames starting at `frameTimes` (seconds) in an animation `totalDuration` long.
    ///
    /// Each frame ends where the next starts (the last at `totalDuration`), and its delay is
    /// `round(end * 100) - round(start * 100)`, so rounding never accumulates and the delays sum
    /// to `round(totalDuration * 100)` exactly. The first frame counts from 0. A frame that would
    /// show for less than `minimumDelay` is left out and its time goes to the next frame kept
    /// (for the last frame: to the one before it). Times past `totalDuration` count as ending
    /// there. Only an animation shorter than `minimumDelay` in total comes back as one shorter
    /// slot.
    package static func delays(frameTimes: [Double], totalDuration: Double) -> [Slot] {
        guard !frameTimes.isEmpty else { return [] }
        func centiseconds(_ seconds: Double) -> Int { Int((seconds * 100).rounded()) }
        let total = centiseconds(totalDuration)
        var slots: [Slot] = []
        var start = 0
        for index in frameTimes.indices {
            let end = index + 1 < frameTimes.count ? min(centiseconds(frameTimes[index + 1]), total) : total
            guard end - start >= minimumDelay else { continue }
            slots.append(Slot(frameIndex: index, delay: end - start))
            start = end
        }
        if slots.isEmpty { return [Slot(frameIndex: 0, delay: max(total, 0))] }
        // Frames at the end too short to keep: the last kept frame shows until the end.
        slots[slots.count - 1].delay += total - start
        return slots
    }
}
