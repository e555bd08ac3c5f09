#ifndef SLP_CSQLITE_SHIM_H
#define SLP_CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import.
static const sqlite3_destructor_type slp_sqlite_transient = (sqlite3_destructor_type)-1;

// sqlite3_config is variadic, which Swift cannot call. Call before SQLite is initialized.
// No bulk page-cache allocation per connection: SQLite's default lays out 20 cache lines up
// front and writes a header into each, touching 20 fresh pages (one per 16 KB line) in every
// cache, the temporary one too, while a short-lived slp process reads a handful of pages
// through the cache (the rest through mmap). Lines are allocated one by one when needed instead.
static inline int slp_sqlite_config_no_page_cache_bulk(void) {
    return sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
}

#endif
