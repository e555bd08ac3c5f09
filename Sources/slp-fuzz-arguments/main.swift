// Fuzz target for the argument parser of SLPCommandLine (`Scripts/fuzz arguments`).
//
// Built as slp-fuzz-values is (see its main.swift): with `--sanitize=fuzzer`, libFuzzer's
// `main` calls `LLVMFuzzerTestOneInput` and the global below is never read; in a plain build
// this file is top-level code, and the global replays the files and directories given as
// arguments through the same checks (`slp-fuzz-arguments Fixtures/fuzz/arguments`) and exits.
import Foundation
import SLPFuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    ArgumentChecks.run(FuzzInput(data, size))
    return 0
}

let replayed: Void = CorpusReplay.run(CommandLine.arguments, check: ArgumentChecks.run)
