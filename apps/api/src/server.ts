import closeWithGrace from "close-with-grace";
import { buildApp } from "./app";
import { EnvError, loadEnv, type Env } from "./env";
import { serverLogger } from "./logger";
import { bootstrap, BootstrapError, type BootstrapResult } from "./seed/bootstrap";

function readEnv(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function banner(env: Env, address: string, seeded: BootstrapResult): string {
  const lines = [``, `  Ledgerline is running at ${env.APP_ORIGIN}  (listening on ${address})`];
  lines.push(
    `  Database: ${env.DATABASE_URL}   Market data: ${env.MARKET_DATA_PROVIDER}/${env.CRYPTO_DATA_PROVIDER}`,
  );
  if (seeded.seededDemoAccounts.length > 0) {
    lines.push(``, `  Demo accounts (created in this new database):`);
    for (const account of seeded.seededDemoAccounts) {
      lines.push(
        `    ${account.isAdmin ? "admin" : "user "}  ${account.email}  /  ${account.password}`,
      );
    }
  }
  if (seeded.createdAdmin)
    lines.push(``, `  Admin account created from ADMIN_EMAIL: ${seeded.createdAdmin}`);
  return lines.join("\n") + "\n";
}

const env = readEnv();
const app = await buildApp({ env, logger: serverLogger(env) });

let seeded: BootstrapResult;
try {
  seeded = await bootstrap(app.deps, env);
} catch (error) {
  if (error instanceof BootstrapError) {
    console.error(error.message);
    await app.close();
    process.exit(1);
  }
  throw error;
}

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, "shutting down after an error");
  else app.log.info(`${signal} received, shutting down`);
  await app.close();
});

const address = await app.listen({ port: env.PORT, host: env.HOST });
process.stdout.write(banner(env, address, seeded));
