/// New connections to a PostgreSQL server, timed (µs): connecting, setting the session up and
/// checking slp's schema; and the server's clock offset each measured (its magnitude, µs), which
/// is off by at most half a round trip (the server runs on the same machine: the truth is 0).
struct ConnectionFigures {
    let connect: Percentiles
    let clockOffset: Percentiles
}
