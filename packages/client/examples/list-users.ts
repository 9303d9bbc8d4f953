/**
 * Signs in as an admin and prints the registered users and the last 10 audit log entries.
 *
 *   pnpm --filter @ledgerline/client example -- \
 *     --base-url http://localhost:3000 --email admin@example.com --password ledger-admin-2025
 *
 * Without arguments it uses that URL and the demo admin that `pnpm start` seeds.
 */
import { parseArgs } from "node:util";
import { isLedgerlineClientError, login } from "@ledgerline/client";

// pnpm forwards the `--` separator itself; parseArgs would read everything after it as positionals.
const argv = process.argv.slice(2).filter((arg, index) => !(index === 0 && arg === "--"));

const { values } = parseArgs({
  args: argv,
  options: {
    "base-url": { type: "string", default: "http://localhost:3000" },
    email: { type: "string", default: "admin@example.com" },
    password: { type: "string", default: "ledger-admin-2025" },
    help: { type: "boolean", short: "h", default: false },
  },
});

if (values.help) {
  console.log(
    "Usage: list-users [--base-url http://localhost:3000] [--email admin@example.com] [--password ...]",
  );
  process.exit(0);
}

try {
  const { client, user } = await login({
    baseUrl: values["base-url"],
    email: values.email,
    password: values.password,
  });
  console.log(`Signed in as ${user.name} <${user.email}>${user.isAdmin ? " (admin)" : ""}\n`);

  // Both queries go out in one batched HTTP request.
  const [users, audit] = await Promise.all([
    client.users.list.query(),
    client.audit.list.query({ sortBy: "timestamp", sortOrder: "desc", pageSize: 10 }),
  ]);

  console.log(`Users (${users.length}):`);
  console.table(
    users.map((u) => ({
      id: u.id,
      email: u.email,
      name: u.name,
      admin: u.isAdmin,
      logins: u.numberOfLogins,
      lastLogin: u.lastLoginDate ?? "never",
    })),
  );

  console.log(`\nLast ${audit.logs.length} of ${audit.pagination.totalCount} audit log entries:`);
  console.table(
    audit.logs.map((entry) => ({
      timestamp: entry.timestamp,
      event: entry.event,
      email: entry.email ?? "N/A",
      success: entry.success,
      ip: entry.ipAddress ?? "N/A",
      failureReason: entry.failureReason ?? "N/A",
    })),
  );

  await client.auth.logout.mutate();
} catch (error) {
  // The server's own message, e.g. "Invalid credentials" or "You do not have access to this".
  if (isLedgerlineClientError(error)) {
    console.error(`Failed: ${error.message} (${error.data?.code ?? "network error"})`);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
}
