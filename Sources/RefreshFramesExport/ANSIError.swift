/// A failure in the terminal exporters (ANSI replay, asciinema casts); prints its own message.
package enum ANSIError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An escape sequence outside the subset `ANSIReplayer` understands.
    case unsupportedSequence(String, offset: Int)
    /// Printable bytes that are not UTF-8.
    case invalidUTF8(offset: Int)
    /// A cast event's time (rounded to microseconds) is not after the previous one.
    case castTimeNotIncreasing(time: Double, previous: Double)
    /// A cast event time that is negative, infinite or NaN.
    case castTimeInvalid(Double)

    package var description: String {
        switch self {
        case .unsupportedSequence(let sequence, let offset):
            "unsupported escape sequence '\(sequence)' at byte \(offset)"
        case .invalidUTF8(let offset):
            "invalid UTF-8 in the text at byte \(offset)"
        case .castTimeNotIncreasing(let time, let previous):
            "cast event time \(time)s is not after the previous event at \(previous)s"
        case .castTimeInvalid(let time):
            "cast event time \(time) is not a finite, non-negative number of seconds"
        }
    }
}
