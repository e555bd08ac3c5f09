/// An `SLP_TEST_SEED` that is not a seed.
package struct SeedError: Error, CustomStringConvertible {
    package let text: String

    package var description: String { "\(TestSeed.variable) is a whole number from 0 to 18446744073709551615, not '\(text)'" }
}
