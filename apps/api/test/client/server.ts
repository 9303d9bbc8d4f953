import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
// The real API, from source: the client's tests talk to it over HTTP like any internal tool would.
import { buildApp } from "../../src/app";
import { parseEnv } from "../../src/env";
import { hashPassword } from "@ledgerline/api/auth/passwords";

/** The API listening on 127.0.0.1 at a random port, on a fresh SQLite file of its own. */
export async function startServer() {
  const dir = mkdtempSync(join(tmpdir(), "ledgerline-client-"));
  const env = parseEnv({
    NODE_ENV: "test",
    DATABASE_URL: join(dir, "app.db"),
    DEMO_SEED: "false",
    LOG_LEVEL: "silent",
  });
  const app = await buildApp({ env, logger: false, webRoot: false });
  try {
    await app.listen({ port: 0, host: "127.0.0.1" });
  } catch (error) {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("server has no TCP address");
  const baseUrl = `http://127.0.0.1:${address.port}`;

  /** Creates an admin straight in the database: there is no API that makes one. */
  async function createAdmin(email: string, password: string) {
    const user = await app.deps.repos.users.create(
      { email, name: "Root Admin", passwordHash: await hashPassword(password), isAdmin: true },
      new Date(),
    );
    if (!user) throw new Error(`could not create admin ${email}`);
    return user;
  }

  async function close() {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }

  return { baseUrl, createAdmin, close };
}

export type TestServer = Awaited<ReturnType<typeof startServer>>;
