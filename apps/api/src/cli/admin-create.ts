/**
 * Creates an admin account in the configured database, or promotes an existing account.
 *   pnpm admin:create --email ops@example.com --name "Ops Team"
 * The password is read from ADMIN_PASSWORD or asked for on the terminal.
 */
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { email as emailSchema, newPassword, PASSWORD_MIN_LENGTH } from "@ledgerline/contracts";
import { createRepositories, migrateDatabase, openDatabase } from "@ledgerline/db";
import { loadEnv } from "../env";
import { migrationsFolders } from "../paths";
import { hashPassword, isCommonPassword } from "../services/passwords";

const { values } = parseArgs({
  options: { email: { type: "string" }, name: { type: "string", default: "Administrator" } },
});

async function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await rl.question(question);
  } finally {
    rl.close();
  }
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const env = loadEnv();
const email = emailSchema.safeParse(
  values.email ?? env.ADMIN_EMAIL ?? (await ask("Admin email: ")),
);
if (!email.success) fail("A valid --email is required.");
const password = newPassword.safeParse(
  env.ADMIN_PASSWORD ?? (await ask(`Password (at least ${PASSWORD_MIN_LENGTH} characters): `)),
);
if (!password.success) fail(password.error.issues[0]?.message ?? "Invalid password");
if (isCommonPassword(password.data)) fail("That password is too common.");

const database = openDatabase(env.DATABASE_URL);
await migrateDatabase(database, migrationsFolders[database.dialect]);
const repos = createRepositories(database);
const existing = await repos.users.findByEmail(email.data);
const passwordHash = await hashPassword(password.data);
if (existing) {
  await repos.users.setAdmin(existing.id, true);
  await repos.users.setPasswordHash(existing.id, passwordHash);
  await repos.sessions.deleteAllForUser(existing.id);
  console.log(`Promoted ${email.data} to admin and set the new password.`);
} else {
  await repos.users.create(
    { email: email.data, name: values.name ?? "Administrator", passwordHash, isAdmin: true },
    new Date(),
  );
  console.log(`Created admin ${email.data}.`);
}
await database.close();
