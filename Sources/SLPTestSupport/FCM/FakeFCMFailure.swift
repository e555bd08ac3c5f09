/// The fake FCM could not be started or asked.
package struct FakeFCMFailure: Error, CustomStringConvertible {
    package let description: String
}
