/**
 * Creates an admin account in the configured database, or promotes an existing account.
 *   pnpm admin:create --email ops@example.com --name "Ops Team"
 * The password is read from ADMIN_PASSWORD or asked for on the terminal.
 */
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { email as emailSchema, newPassword, PASSWORD_MIN_LENGTH } from "@ledgerline/contracts";
import { hashPassword, isCommonPassword } from "@ledgerline/api/auth/passwords";
import { adminCommandInput } from "../env";
import { createOrPromoteAdmin, openDeploymentDatabase } from "./admin-account";

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

const input = adminCommandInput();
const env = input.env;
const email = emailSchema.safeParse(values.email ?? input.email ?? (await ask("Admin email: ")));
if (!email.success) fail("A valid --email is required.");
const password = newPassword.safeParse(
  input.password ?? (await ask(`Password (at least ${PASSWORD_MIN_LENGTH} characters): `)),
);
if (!password.success) fail(password.error.issues[0]?.message ?? "Invalid password");
if (await isCommonPassword(password.data)) fail("That password is too common.");

const deployment = await openDeploymentDatabase(env);
const outcome = await createOrPromoteAdmin(
  deployment.repos,
  {
    email: email.data,
    name: values.name ?? "Administrator",
    passwordHash: await hashPassword(password.data),
  },
  new Date(),
);
await deployment.close();
console.log(
  outcome === "promoted"
    ? `Promoted ${email.data} to admin and set the new password.`
    : `Created admin ${email.data}.`,
);
