// Fuzz target for the value parsers of SLPDomain (`Scripts/fuzz values`).
//
// Built with `--sanitize=fuzzer`, libFuzzer's own `main` runs and calls
// `LLVMFuzzerTestOneInput`. SwiftPM then compiles this file with `-parse-as-library`, so the
// global below is an ordinary lazy global that nothing reads, and no second `main` clashes
// with libFuzzer's. In a plain build this file is top-level code: the global is initialised
// at start-up, which replays the files and directories given as arguments through the same
// checks (`slp-fuzz-values Fixtures/fuzz/values`) and exits. (A `main` of our own that finds
// `LLVMFuzzerRunDriver` with dlsym cannot work: libFuzzer's runtime is linked whole, and its
// `main` then clashes with the one Swift emits: "multiple definition of 'main'".)
import Foundation
import SLPFuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    ValueChecks.run(FuzzInput(data, size))
    return 0
}

let replayed: Void = CorpusReplay.run(CommandLine.arguments, check: ValueChecks.run)
