import { dateOf } from "@ledgerline/clock";
import type { Env } from "../env";
import { seedDemoPortfolio } from "./demo-portfolio";
import { hashPassword } from "@ledgerline/api/auth/passwords";
import type { AppDeps } from "@ledgerline/api/platform/scope";

export interface DemoAccount {
  email: string;
  password: string;
  name: string;
  isAdmin: boolean;
}

/** Shown on start-up and in the README; they exist only in non-production databases. */
export const demoAccounts: DemoAccount[] = [
  { email: "demo@example.com", password: "ledger-demo-2025", name: "Dana Demo", isAdmin: false },
  { email: "admin@example.com", password: "ledger-admin-2025", name: "Avery Admin", isAdmin: true },
];

export class BootstrapError extends Error {}

export interface BootstrapResult {
  seededDemoAccounts: DemoAccount[];
  createdAdmin?: string;
}

/**
 * Makes a database usable: an empty one gets the env-configured admin, and outside production
 * the demo accounts. Production refuses to run with no way to reach an admin.
 */
export async function bootstrap(deps: AppDeps, env: Env): Promise<BootstrapResult> {
  const { repos, clock } = deps;
  const result: BootstrapResult = { seededDemoAccounts: [] };
  const empty = (await repos.users.count()) === 0;

  if (empty && env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    await repos.users.create(
      {
        email: env.ADMIN_EMAIL.toLowerCase(),
        name: "Administrator",
        passwordHash: await hashPassword(env.ADMIN_PASSWORD),
        isAdmin: true,
      },
      dateOf(clock),
    );
    result.createdAdmin = env.ADMIN_EMAIL.toLowerCase();
  }

  if (empty && env.NODE_ENV !== "production" && env.DEMO_SEED) {
    for (const account of demoAccounts) {
      const created = await repos.users.create(
        {
          email: account.email,
          name: account.name,
          passwordHash: await hashPassword(account.password),
          isAdmin: account.isAdmin,
        },
        dateOf(clock),
      );
      if (created) result.seededDemoAccounts.push(account);
      // The demo user also gets watchlists and a portfolio with a few months of history.
      if (created && !account.isAdmin) await seedDemoPortfolio(deps, created.id);
    }
  }

  if (env.NODE_ENV === "production" && (await repos.users.countAdmins()) === 0) {
    throw new BootstrapError(
      "No admin account exists. Set ADMIN_EMAIL and ADMIN_PASSWORD for the first start, or run `pnpm admin:create`.",
    );
  }
  return result;
}
