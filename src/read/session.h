/* session.h - one run of a command: its built-in schemas and the game systems it loaded
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * A command makes one session and loads every roster through it, so that validating 10,000
 * lists of one game system reads and checks that system's rules and catalogs once, not 10,000
 * times. The session is where a system id meets the data path (data.h): it finds the rules
 * file and the catalogs and keeps what it loaded, by id. It also compiles the built-in schemas
 * (schema.h) on first use. Everything it returns is owned by the session and valid until
 * session_free; systems are never changed once loaded, which is why they are handed out const.
 * Thread-safe: the threads of a batch (batch.h) share one session; a lock is held only while a
 * system or a schema is looked up or loaded.
 */
#ifndef MUSTER_SESSION_H
#define MUSTER_SESSION_H

#include "model.h"
#include "diag.h"
#include "schemas.h"

struct session;
struct xml_schema;


/* A new session with nothing loaded. The data path (data.h) is read when a system is first
 * asked for. */
struct session *session_new(void);
/* Frees the session with every system and schema it holds; NULL is a no-op. */
void session_free(struct session *s);
/* The same for a command about to exit: a build checked for leaks (AddressSanitizer, or
 * -DMUSTER_FREE_AT_EXIT) frees everything; another leaves it to the system, which takes the
 * whole address space back at once, where freeing block by block cost 5% of validating one
 * list (callgrind: 0.95 M of 17.6 M instructions). */
void session_free_at_exit(struct session *s);

/* Whether roster_read takes a unit of an unknown entry as a violation (an error diagnostic
 * with a did-you-mean; the unit is left out, the rest of the list is read and costed) rather
 * than a malformed roster (a fatal one, the default). For the commands that judge lists
 * (validate, tournament), where a misspelt entry makes a list illegal, not unreadable; never
 * for a command that saves the roster, which would lose the unit. Set before rosters are
 * read, from one thread. */
void session_set_unknown_entry_error(struct session *s, bool on);
bool session_unknown_entry_error(const struct session *s);

/* Game system id: loaded on the first call (rules-xml/<id>.xml, the first on the data path, and
 * its catalogs from every directory of the path, see data.h), then the same pointer for every
 * later call. A system that fails to load is
 * remembered as failed: later calls return NULL at once, without reading a file again.
 * Every call, first or not, adds to d what loading said (for a failure, its fatal
 * diagnostics), so that each roster naming a broken system reports it; a diagnostic with no
 * file ("unknown game system") is for the caller to place. */
const struct system *session_system(struct session *s, const char *id, struct diags *d);

/* A fresh copy of game system id from the data path, not kept by the session: the caller owns
 * it (system_free), may add to it (an event pack's rules) and then give it to the session with
 * session_adopt. NULL with fatal diagnostics when it does not load. */
struct system *session_system_new(struct session *s, const char *id, struct diags *d);
/* Makes sys, complete and never to be changed again, the session's system of its id: later
 * session_system calls return it, and session_free frees it. Returns 0, or -1 (sys is then
 * still the caller's) when the session has a system of that id already. */
int session_adopt(struct session *s, struct system *sys);

/* The built-in schema of kind k, compiled on first use. NULL, with a fatal diagnostic, only
 * when it does not compile: a bug of the program. */
const struct xml_schema *session_schema(struct session *s, enum schema_kind k, struct diags *d);
/* The session's schemas, for a reader called outside session_system (tests, fuzzers). */
struct schemas *session_schemas(struct session *s);

#endif
