import { dateOf } from "@ledgerline/clock";
import {
  marketMessages,
  messages,
  type MarketMovers,
  type PostedMoversInput,
} from "@ledgerline/contracts";
import { isMarketDataError } from "@ledgerline/market";
import { recordAudit, auditSuccess } from "../admin/audit";
import { forbidden, notFound } from "../platform/errors";
import type { AppDeps, UserScope } from "../platform/scope";

/** Batched snapshots: one result per symbol, failures as the spec's message for that symbol. */
export async function snapshots(deps: AppDeps, symbols: readonly string[]) {
  const results = await deps.market.stocks.getSnapshots(symbols);
  return results.map((result) =>
    result.ok
      ? { symbol: result.symbol, ok: true as const, snapshot: result.snapshot }
      : { symbol: result.symbol, ok: false as const, error: result.error.message },
  );
}

export async function cryptoQuotes(deps: AppDeps, symbols: readonly string[]) {
  const results = await deps.market.crypto.getQuotes(symbols);
  return results.map((result) =>
    result.ok
      ? { symbol: result.symbol, ok: true as const, quote: result.quote }
      : { symbol: result.symbol, ok: false as const, error: result.error.message },
  );
}

/**
 * The movers from the provider; when it has none (or fails), the latest set an admin posted,
 * as the spec describes GET /marketmovers.
 */
export async function marketMovers(deps: AppDeps): Promise<MarketMovers> {
  try {
    const live = await deps.market.stocks.getMarketMovers();
    if (live.gainers.length > 0 || live.losers.length > 0) return live;
  } catch (error) {
    if (!isMarketDataError(error)) throw error;
    const stored = await deps.repos.storedMovers.latest();
    if (stored) return stored.movers;
    throw error;
  }
  return (
    (await deps.repos.storedMovers.latest())?.movers ?? (await deps.market.stocks.getMarketMovers())
  );
}

export async function storeMarketMovers(
  scope: UserScope,
  input: PostedMoversInput,
): Promise<MarketMovers> {
  const now = dateOf(scope.deps.clock);
  const movers: MarketMovers = {
    gainers: input.gainers,
    losers: input.losers,
    marketStatus: input.marketStatus ?? input.gainers[0]?.marketStatus ?? marketMessages.marketOpen,
    lastUpdate: now.toISOString(),
  };
  await scope.deps.repos.storedMovers.replace(movers, scope.user.id, now);
  return movers;
}

const secretSources = {
  "polygon-api-key": "polygonApiKey",
  "coinbase-api-key": "coinbaseApiKey",
  "coinbase-api-secret": "coinbaseApiSecret",
} as const;

/**
 * The compatibility paths that handed provider keys to browsers. Closed unless the operator opts
 * in (SECRETS_ENDPOINTS_ENABLED), and even then for admins only, and every read is audited.
 */
export async function readSecret(
  scope: UserScope,
  name: keyof typeof secretSources,
): Promise<{ value: string }> {
  const { secrets } = scope.deps.config;
  if (!secrets.enabled) {
    await recordAudit(scope, {
      event: "SECRET_READ",
      success: false,
      email: scope.user.email,
      userId: scope.user.id,
      failureReason: "Secrets endpoints are disabled",
      details: name,
    });
    throw forbidden("Provider credentials are not handed out by this server");
  }
  const value = secrets[secretSources[name]];
  const fallback =
    name === "coinbase-api-secret" ? messages.failedToFetchApiSecret : messages.failedToFetchApiKey;
  if (!value) throw notFound(fallback);
  await auditSuccess(scope, "SECRET_READ", scope.user, name);
  return { value };
}
