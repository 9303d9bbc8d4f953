import type { CoinCategory, MarketCapBucket, Sector } from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";

/**
 * The names of the classification's fixed lists (contracts' `sectors`, `coinCategories` and
 * `marketCapBuckets`) in the reader's language, by their keys: the contracts and the server label
 * them in English.
 * Read by the allocation's and the targets' slices and by 'Edit classification'.
 */
const sectorLabels: Record<Sector, () => string> = {
  "communication-services": m.summary_sector_communication_services,
  "consumer-discretionary": m.summary_sector_consumer_discretionary,
  "consumer-staples": m.summary_sector_consumer_staples,
  energy: m.summary_sector_energy,
  financials: m.summary_sector_financials,
  "health-care": m.summary_sector_health_care,
  industrials: m.summary_sector_industrials,
  "information-technology": m.summary_sector_information_technology,
  materials: m.summary_sector_materials,
  "real-estate": m.summary_sector_real_estate,
  utilities: m.summary_sector_utilities,
  diversified: m.summary_sector_diversified,
  unclassified: m.summary_sector_unclassified,
};

const coinCategoryLabels: Record<CoinCategory, () => string> = {
  "layer-1": m.summary_coin_layer_1,
  "layer-2": m.summary_coin_layer_2,
  stablecoin: m.summary_coin_stablecoin,
  "exchange-token": m.summary_coin_exchange_token,
  payments: m.summary_coin_payments,
  defi: m.summary_coin_defi,
  oracle: m.summary_coin_oracle,
  storage: m.summary_coin_storage,
  meme: m.summary_coin_meme,
  other: m.summary_coin_other,
};

/** Whether a text is one of the sector list's keys. */
export const isSector = (key: string): key is Sector => Object.hasOwn(sectorLabels, key);

/** Whether a text is one of the coin category list's keys. */
export const isCoinCategory = (key: string): key is CoinCategory =>
  Object.hasOwn(coinCategoryLabels, key);

/** A sector's name, by its key. */
export const sectorLabel = (sector: Sector): string => sectorLabels[sector]();

/** A coin category's name, by its key. */
export const coinCategoryLabel = (category: CoinCategory): string => coinCategoryLabels[category]();

const marketCapLabels: Record<MarketCapBucket, () => string> = {
  mega: m.asset_classification_cap_mega,
  large: m.asset_classification_cap_large,
  mid: m.asset_classification_cap_mid,
  small: m.asset_classification_cap_small,
  micro: m.asset_classification_cap_micro,
};

/** A market cap bucket's name ("Large cap"), by its key. */
export const marketCapLabel = (bucket: MarketCapBucket): string => marketCapLabels[bucket]();
