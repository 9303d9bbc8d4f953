import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { setImmediate as nextTurn } from "node:timers/promises";
import pg from "pg";
import { driveAsync, type Database, type Db, type Step, type Tables } from "./database";
import * as pgSchema from "./schema-pg";

export interface PostgresDatabase extends Database {
  readonly dialect: "postgres";
  readonly pool: pg.Pool;
  /** Applies the migrations in `folder`, one process at a time (an advisory lock). */
  migrate(folder: string): Promise<void>;
}

const INT8_OID = 20;
/** Counts and epoch milliseconds come back as numbers (all of them are far below 2^53). */
const types = {
  getTypeParser: (oid: number, format?: "text" | "binary"): ((value: string) => unknown) =>
    oid === INT8_OID ? Number : (pg.types.getTypeParser(oid, format) as (value: string) => unknown),
};

/** The advisory lock `migrate` holds: processes starting together migrate one after another. */
export const MIGRATION_LOCK_KEY = 7_468_372_101;

/** SQLSTATEs after which the whole transaction may simply run again. */
const RETRYABLE = new Set(["40001", "40P01"]);
const MAX_ATTEMPTS = 5;

/** `?` placeholders (the SQLite spelling the repositories use) as PostgreSQL's `$1, $2, ...`. */
export function toPostgresPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

function sqlstateOf(error: unknown): string | undefined {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

interface PgQuery {
  then: PromiseLike<unknown>["then"];
  for(strength: "update"): PromiseLike<unknown[]>;
}

/** Drizzle's PostgreSQL builder, typed as the SQLite one the repositories are written against. */
function pgDrizzle(client: pg.Pool | pg.PoolClient): Db {
  return drizzle({ client, schema: pgSchema }) as unknown as Db;
}

/** A raw SQL step, its `?` placeholders numbered as PostgreSQL wants. */
async function raw(client: pg.Pool | pg.PoolClient, step: Extract<Step, { read: "raw" }>) {
  const result = await client.query<Record<string, unknown> & unknown[]>({
    text: toPostgresPlaceholders(step.sql),
    values: step.params as unknown[],
    ...(step.pluck || step.values ? { rowMode: "array" as const } : {}),
  });
  const rows: unknown[] = result.rows;
  return step.pluck ? result.rows.map((row) => row[0]) : rows;
}

/** Runs one step of a transaction's work on its own connection. */
async function execute(client: pg.PoolClient, step: Step): Promise<unknown> {
  if (step.read === "raw") return raw(client, step);
  // Every transaction has a connection of its own here, so pausing holds up no one else.
  if (step.read === "pause") return nextTurn();
  const query = step.query as PgQuery;
  switch (step.read) {
    case "all":
      return await query;
    case "first":
      return ((await query) as unknown[])[0];
    case "lock":
      return (await query.for("update"))[0];
    case "changes":
      return ((await query) as pg.QueryResult).rowCount ?? 0;
  }
}

/** A PostgreSQL database over a `pg` pool; see Database for what each method promises. */
export function openPostgresDatabase(url: string): PostgresDatabase {
  const pool = new pg.Pool({ connectionString: url, types, max: 10 });
  // An idle pooled connection that breaks is dropped by the pool; the next query reconnects.
  pool.on("error", () => {});
  const db = pgDrizzle(pool);

  return {
    dialect: "postgres",
    db,
    tables: pgSchema as unknown as Tables,
    pool,
    async all<T>(query: { all(): T[] }) {
      return (await (query as unknown as PromiseLike<T[]>)) ?? [];
    },
    async first<T>(query: { get(): T }) {
      return (await (query as unknown as PromiseLike<T[]>))[0] as T;
    },
    async changes(query) {
      return (await (query as unknown as PromiseLike<pg.QueryResult>)).rowCount ?? 0;
    },
    async query<T>(sql: string, params: readonly unknown[] = []) {
      return (await raw(pool, { read: "raw", sql, params, pluck: false })) as T[];
    },
    prepare(name, query) {
      const prepared = (
        query as unknown as {
          prepare(name: string): { execute(values?: Record<string, unknown>): Promise<unknown> };
        }
      ).prepare(name);
      return {
        all: async (values) => (await prepared.execute(values)) as never,
        first: async (values) => ((await prepared.execute(values)) as unknown[])[0] as never,
        changes: async (values) =>
          ((await prepared.execute(values)) as pg.QueryResult).rowCount ?? 0,
      };
    },
    async transaction(work, options = {}) {
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect();
        try {
          await client.query(
            options.readOnly ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN",
          );
          const result = await driveAsync(work(pgDrizzle(client)), (step) => execute(client, step));
          await client.query("COMMIT");
          return result;
        } catch (error) {
          await client.query("ROLLBACK").catch(() => undefined);
          const code = sqlstateOf(error);
          if (attempt < MAX_ATTEMPTS && code !== undefined && RETRYABLE.has(code)) continue;
          throw error;
        } finally {
          client.release();
        }
      }
    },
    async ping() {
      await pool.query("SELECT 1");
    },
    async close() {
      if (!pool.ended) await pool.end();
    },
    async migrate(folder) {
      const client = await pool.connect();
      try {
        await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        try {
          await migrate(drizzle({ client }), { migrationsFolder: folder });
        } finally {
          await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
  };
}
