"""SQLite's WAL index (the `-shm` file) guarded: a write SQLite could not survive is refused before it is made (R3).

SQLite in WAL mode maps `<db>-shm` into every process using the world (`mmap`, `MAP_SHARED`) and writes it
in place: a read transaction's read mark, a commit's index entries and header, a WAL restart, the
checkpoint when the last connection closes. A store into a page of that mapping is a plain CPU write, not
a system call, so when the filesystem refuses it - the file made immutable (`chattr +i`: ext4's
`page_mkwrite` refuses an immutable inode; here every store after `chattr +i` faulted, pages synced
or not) - the kernel kills the process with SIGBUS: no exception, no message, nothing SQLite can turn
into an error. (A filesystem gone read-only under the map is treated alike, as a precaution.) Whether it happens depends on which
write the next transaction makes first (a frame appended to the `-wal` file fails politely with an
I/O error; a read mark or a WAL restart is a store into the mapping), hence "1 run in 4".

Keeping the WAL index out of a file would need SQLite's exclusive locking (`locking_mode=EXCLUSIVE`,
or the `unix-excl` VFS: the index in heap memory), and then one process only may open the world: no
`./tic why` beside a running engine, no engines sharing a SQLite world. So the index stays shared, and
`WalIndexGuard` looks first: before each statement, each commit and each new connection it checks that
the `-shm` file can still be opened for writing (one `access(2)`, about two microseconds; `open(2)` only
when that says no) and, when it cannot and this process mapped it while it could, raises
`FilesNotWritable` (a `sqlite3.OperationalError`, so the engine's worldhealth tells it once as
"read-only" and waits it out) instead of letting SQLite touch the mapping. A process that opens a world
already immutable is not refused: SQLite maps its `-shm` read-only then, reads work and writes fail with
SQLite's own "readonly database" (`./tic why` on an archived world keeps working).
A connection closed while the file is unwritable is told not to checkpoint (the one write a close
makes), also at the process's exit. Left: files made immutable in the instant between the check and
SQLite's write, inside one transaction.
"""

from __future__ import annotations

import atexit
import ctypes
import errno
import logging
import os
import sqlite3
import sys
import weakref
from pathlib import Path

from sqlalchemy import Engine, event

log = logging.getLogger(__name__)

__all__ = ["FilesNotWritable", "WalIndexGuard", "shm_unwritable"]

NO_CKPT_ON_CLOSE = 1006  # SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE
# errno values that mean SQLite's shared mapping of the file can no longer be written (a store into it
# raises SIGBUS): immutable or append-only (EPERM), its filesystem read-only (EROFS). EACCES - the mode
# bits - is not one: the mapping made before keeps working.
_DANGER = (errno.EPERM, errno.EROFS)


class FilesNotWritable(sqlite3.OperationalError):
    """The world's SQLite files cannot be written (immutable, read-only): found before SQLite touched them."""


def shm_unwritable(db: Path | str) -> str | None:
    """Why SQLite's `-shm` mapping of `db` can no longer be written (a store into it would raise SIGBUS), or None."""
    shm = f"{db}-shm"
    if os.access(shm, os.W_OK):  # the fast path: one system call
        return None
    try:
        os.close(os.open(shm, os.O_RDWR | os.O_NOFOLLOW))
    except FileNotFoundError:
        return None  # no index yet (or the world deleted: tic.worldhealth tells that)
    except OSError as exc:
        if exc.errno in _DANGER:
            return f"{shm} cannot be written ({exc.strerror}: immutable, or its filesystem read-only)"
    return None


class WalIndexGuard:
    """Installed on a SQLite file world's engine by `tic.db.open_world` (see the module's docstring)."""

    def __init__(self, engine: Engine, db: Path) -> None:
        self.db = db
        self._records: weakref.WeakSet = weakref.WeakSet()  # the pool's records of the connections opened
        self._writable: weakref.WeakSet = weakref.WeakSet()  # ...of those opened while the -shm could be written
        event.listen(engine, "before_cursor_execute", self._before_statement)
        event.listen(engine, "commit", self._before_commit)
        event.listen(engine, "close", self._before_close)
        event.listen(engine, "close_detached", self._before_close_detached)
        _GUARDS.add(self)

    def check(self) -> None:
        """Raise `FilesNotWritable` when SQLite's next write into the WAL index would kill the process."""
        why = shm_unwritable(self.db)
        if why is None or not self.mapped_writable():
            return
        self.spare_closes()  # whatever closes from now on must not checkpoint
        raise FilesNotWritable(why)

    def mapped_writable(self) -> bool:
        """Whether this process may hold a read-write map of the -shm: a connection (of any world on this file)
        opened while the file could be written is still open. SQLite shares one map per file between a process's
        connections; one opened while the file cannot be written maps it read-only, and only fails politely."""
        return any(getattr(record, "dbapi_connection", None) is not None
                   for guard in list(_GUARDS) if guard.db == self.db for record in list(guard._writable))

    def on_connect(self, dbapi_conn, record) -> None:
        """Before a new connection's first statement (called by the world's connect listener)."""
        if record is None:
            self.check()
            return
        self._records.add(record)
        self._writable.discard(record)
        self.check()  # a read-write map in this process: this connection would share it
        if shm_unwritable(self.db) is None:
            self._writable.add(record)

    def _before_statement(self, conn, cursor, statement, parameters, context, executemany) -> None:
        self.check()

    def _before_commit(self, conn) -> None:
        self.check()

    def _before_close(self, dbapi_conn, _record) -> None:
        if shm_unwritable(self.db):
            _no_checkpoint_on_close(dbapi_conn)

    def _before_close_detached(self, dbapi_conn) -> None:
        self._before_close(dbapi_conn, None)

    def spare_closes(self) -> None:
        """Tell every open connection not to checkpoint when it closes (the WAL stays; the next opener reads it)."""
        for record in list(self._records):
            conn = getattr(record, "dbapi_connection", None)
            if conn is not None:
                _no_checkpoint_on_close(conn)


_GUARDS: weakref.WeakSet[WalIndexGuard] = weakref.WeakSet()


@atexit.register
def _at_exit() -> None:
    """Connections still open at exit are closed by the interpreter, outside the pool's events: spare them too."""
    for guard in list(_GUARDS):
        if shm_unwritable(guard.db):
            guard.spare_closes()


def _no_checkpoint_on_close(conn) -> bool:
    """SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE on one sqlite3 connection (Python 3.12's `setconfig`; before it, the
    C handle of CPython's `sqlite3.Connection`, which starts with it). False when it could not be set."""
    try:
        if hasattr(conn, "setconfig"):
            conn.setconfig(NO_CKPT_ON_CLOSE, True)
            return True
        if sys.implementation.name != "cpython" or sys.version_info >= (3, 12) or not isinstance(conn, sqlite3.Connection):
            return False
        lib = _sqlite_library()
        handle = ctypes.c_void_p.from_address(id(conn) + object.__basicsize__).value  # pysqlite_Connection.db
        if not handle:
            return False  # closed already
        done = ctypes.c_int(-1)
        rc = lib.sqlite3_db_config(ctypes.c_void_p(handle), ctypes.c_int(NO_CKPT_ON_CLOSE), ctypes.c_int(1),
                                   ctypes.byref(done))
        return rc == 0 and done.value == 1
    except Exception as exc:  # noqa: BLE001 - a close that checkpoints is what SQLite did before; never worse
        log.debug("could not turn off the checkpoint on close: %s", exc)
        return False


_LIB: list = []


def _sqlite_library():
    """The SQLite library CPython's `_sqlite3` uses (the same copy: its handles are only good there)."""
    if not _LIB:
        import _sqlite3

        lib = ctypes.CDLL(_sqlite3.__file__)  # its own symbols and, after them, those of the libsqlite3 it links
        lib.sqlite3_db_config.restype = ctypes.c_int
        _LIB.append(lib)
    return _LIB[0]
