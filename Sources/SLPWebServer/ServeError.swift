import SLPSupport

/// What kept `slp serve` from starting, in words; the command line decides its error code and
/// exit status.
package enum ServeError: Error, Sendable, Equatable {
    /// The private directory could not be made under `base`.
    case cannotMakeDirectory(base: String, reason: String)
    /// The FIFO of lighttpd's access lines could not be made in the directory at `path`.
    case cannotMakeFIFO(in: String)
    /// `v1` could not be linked to `program` in the document root `root`.
    case cannotLink(program: String, into: String)
    /// A file of lighttpd's (its configuration, an error page, the connection limit) could not be written.
    case cannotWrite(String)
    /// The FIFO of lighttpd's access lines could not be opened.
    case cannotOpen(String)
    case cannotWatchSignals
    /// No pipe to the program named ("lighttpd", "the realtime hub").
    case cannotMakePipe(for: String)
    /// A child serve keeps (named as in "the realtime hub") could not be started.
    case cannotStart(String, SystemCallError)
    case cannotStartLighttpd(SystemCallError)

    package var message: String {
        switch self {
        case .cannotMakeDirectory(let base, let reason): "cannot make a directory in \(base): \(reason)"
        case .cannotMakeFIFO(let path): "cannot make a FIFO in \(path)"
        case .cannotLink(let program, let root): "cannot link \(program) into \(root)"
        case .cannotWrite(let file): "cannot write \(file)"
        case .cannotOpen(let file): "cannot open \(file)"
        case .cannotWatchSignals: "cannot watch for signals"
        case .cannotMakePipe(let program): "cannot make a pipe for \(program)"
        case .cannotStart(let name, let error): "cannot start \(name): \(error)"
        case .cannotStartLighttpd(let error): "\(error)"
        }
    }
}
