import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./server";

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL("../../../../packages/client", import.meta.url));
const ADMIN = { email: "admin@example.com", password: "ledger-admin-2025" };

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
  await server.createAdmin(ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await server?.close();
});

/** Runs examples/list-users.ts the way the README does (tsx, arguments after pnpm's `--`). */
function listUsers(args: string[]) {
  return run(process.execPath, ["--import", "tsx", "examples/list-users.ts", "--", ...args], {
    cwd: packageDir,
  });
}

describe("examples/list-users.ts", () => {
  it("signs in as the admin and prints the users and the latest audit log entries", async () => {
    const { stdout } = await listUsers([
      "--base-url",
      server.baseUrl,
      "--email",
      ADMIN.email,
      "--password",
      ADMIN.password,
    ]);

    expect(stdout).toContain(`Signed in as Root Admin <${ADMIN.email}> (admin)`);
    expect(stdout).toContain("Users (1):");
    expect(stdout).toMatch(/Last \d+ of \d+ audit log entries:/);
    expect(stdout).toContain("LOGIN");
  });

  it("exits with status 1 and the server's message when the credentials are wrong", async () => {
    const failed = await listUsers([
      "--base-url",
      server.baseUrl,
      "--email",
      ADMIN.email,
      "--password",
      "not-the-password-1",
    ]).then(
      () => undefined,
      (error: unknown) => error as { code: number; stderr: string },
    );

    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain("Failed: Invalid credentials (BAD_REQUEST)");
  });
});
