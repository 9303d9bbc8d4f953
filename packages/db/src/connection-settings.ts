/**
 * Every SQLite connection's settings, on the event loop's thread or a thread of its own
 * (worker-connection.ts).
 *
 * WAL so readers never wait for the writer, enforced foreign keys, and a busy timeout so a
 * concurrent writer waits instead of failing. 32 MiB of page cache (SQLite's default is 2 MiB),
 * taken only as pages are read: a write touches the table and its ten transaction-history
 * indexes, and an import of 100,000 trades with the default cache spent two thirds of its SQLite
 * time re-reading evicted index pages.
 */
export const CONNECTION_PRAGMAS: readonly string[] = [
  "journal_mode = WAL",
  "foreign_keys = ON",
  "busy_timeout = 5000",
  "synchronous = NORMAL",
  "cache_size = -32768",
];
