/// A frame as a client sends it: masked (unless told otherwise), the length in the form asked.
package func clientFrame(
    _ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, masked: Bool = true, rsv: UInt8 = 0, lengthForm: Int? = nil
) -> [UInt8] {
    var frame: [UInt8] = [(fin ? 0x80 : 0) | rsv << 4 | opcode]
    let maskBit: UInt8 = masked ? 0x80 : 0
    switch lengthForm ?? (payload.count < 126 ? 0 : payload.count < 65_536 ? 2 : 8) {
    case 0: frame.append(maskBit | UInt8(payload.count))
    case 2: frame += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    default: frame += [maskBit | 127] + (0..<8).reversed().map { UInt8(UInt64(payload.count) >> UInt64($0 * 8) & 0xFF) }
    }
    guard masked else { return frame + payload }
    let key: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
    return frame + key + payload.enumerated().map { $0.element ^ key[$0.offset & 3] }
}
