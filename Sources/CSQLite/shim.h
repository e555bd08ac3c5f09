#ifndef SLP_CSQLITE_SHIM_H
#define SLP_CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import.
static const sqlite3_destructor_type slp_sqlite_transient = (sqlite3_destructor_type)-1;

#endif
