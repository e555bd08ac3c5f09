/// What one look at a non-blocking descriptor found (`FileDescriptorInput.readAvailable`).
public enum AvailableInput: Sendable, Equatable {
    /// Bytes that were waiting.
    case bytes([UInt8])
    /// Nothing now; more may come.
    case nothing
    /// Every writer has closed it (or it cannot be read).
    case end
}
