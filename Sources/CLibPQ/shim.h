// libpq, PostgreSQL's client library, for the PostgreSQL backend (the package trait `PostgreSQL`).
#include <libpq-fe.h>
