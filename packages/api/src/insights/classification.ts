import {
  CLASSIFICATION_OVERRIDE_LIMIT,
  classificationMessages,
  type ClassificationOverrideInput,
  type ClassificationTarget,
  type ClassificationView,
  type CoinClassification,
  type StockClassification,
} from "@ledgerline/contracts";
import type { AssetType, StoredClassificationOverride } from "@ledgerline/db";
import { coinCategoryOf } from "@ledgerline/market";
import { badRequest } from "../platform/errors";
import type { AppDeps, UserScope } from "../platform/scope";

/**
 * What each holding is (issue 33): the market's classification with the person's own fields
 * over it. A stock the market cannot classify now is "unclassified" rather than a failed read:
 * the allocation must answer while the provider is down.
 */

/** What a stock is taken to be when the market cannot say. */
export const UNKNOWN_STOCK: StockClassification = {
  sector: "unclassified",
  industry: "Unknown",
  country: "ZZ",
  assetClass: "equity",
  marketCap: null,
};

async function marketStock(deps: AppDeps, symbol: string): Promise<StockClassification> {
  try {
    return await deps.market.stocks.getClassification(symbol);
  } catch (error) {
    deps.logger.warn({ err: error, symbol }, "no classification for a stock");
    return UNKNOWN_STOCK;
  }
}

type Override = StoredClassificationOverride["override"];

/** The view of one symbol: the market's fields, then the person's, and which were theirs. */
async function viewOf(
  deps: AppDeps,
  assetType: AssetType,
  symbol: string,
  override: Override | undefined,
): Promise<ClassificationView> {
  if (assetType === "STOCK") {
    const own = (override ?? {}) as Partial<StockClassification>;
    return {
      assetType,
      symbol,
      classification: { ...(await marketStock(deps, symbol)), ...own },
      overridden: (Object.keys(own) as (keyof StockClassification)[]).sort(),
    };
  }
  const own = override as CoinClassification | undefined;
  return {
    assetType,
    symbol,
    classification: own ?? { category: coinCategoryOf(symbol) },
    overridden: own ? ["category"] : [],
  };
}

/** Every held symbol's classification, the person's overrides applied; asked of the market once each. */
export async function classify(
  scope: UserScope,
  held: readonly { assetType: AssetType; symbol: string }[],
): Promise<Map<string, ClassificationView>> {
  const overrides = await scope.deps.repos.classificationOverrides.list(scope.user.id);
  const own = new Map(overrides.map((row) => [`${row.assetType}:${row.symbol}`, row.override]));
  const keys = [...new Set(held.map((item) => `${item.assetType}:${item.symbol}`))];
  const views = await Promise.all(
    keys.map((key) => {
      const [assetType, symbol] = key.split(":") as [AssetType, string];
      return viewOf(scope.deps, assetType, symbol, own.get(key));
    }),
  );
  return new Map(keys.map((key, index) => [key, views[index]!]));
}

export async function readClassification(
  scope: UserScope,
  target: ClassificationTarget,
): Promise<ClassificationView> {
  const { assetType, symbol } = target;
  const own = await scope.deps.repos.classificationOverrides.get(scope.user.id, assetType, symbol);
  return viewOf(scope.deps, assetType, symbol, own);
}

export async function setClassification(
  scope: UserScope,
  input: ClassificationOverrideInput,
): Promise<ClassificationView> {
  const { deps, user } = scope;
  const kept = await deps.repos.classificationOverrides.put(
    user.id,
    input,
    CLASSIFICATION_OVERRIDE_LIMIT,
    new Date(deps.clock.now()),
  );
  if (!kept) throw badRequest(classificationMessages.limit);
  return viewOf(deps, input.assetType, input.symbol, input.override);
}

/** Back to the market's classification; clearing what was never set is no error. */
export async function clearClassification(
  scope: UserScope,
  target: ClassificationTarget,
): Promise<ClassificationView> {
  await scope.deps.repos.classificationOverrides.remove(
    scope.user.id,
    target.assetType,
    target.symbol,
  );
  return viewOf(scope.deps, target.assetType, target.symbol, undefined);
}
