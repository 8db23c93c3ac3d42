/// A seeded random number generator (Steele, Lea and Flood's SplitMix64), so that a randomized
/// test makes the same choices on every run and platform for one seed. Its own ``below(_:)``
/// and ``pick(_:)`` are used rather than the standard library's `random(in:using:)`, whose way
/// of drawing from the generator is not promised to stay the same between Swift versions.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<count` (`count` > 0), by Lemire's multiply-and-shift (its slight bias does not matter here).
    mutating func below(_ count: Int) -> Int {
        Int(next().multipliedFullWidth(by: UInt64(count)).high)
    }

    /// Whether an event of probability `percent` in 100 happens.
    mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    /// An element of `elements` (not empty).
    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[below(elements.count)]
    }
}
