import type { CoinCategory } from "@ledgerline/contracts";

/**
 * Each coin's category as the market commonly files it (CoinGecko's and CoinMarketCap's main
 * category): the simulated coins and the large ones a Coinbase account is likely to hold. A coin
 * not listed here is "other": Coinbase tells no category, and a guess would mislead.
 */
const categories: Readonly<Record<string, CoinCategory>> = {
  BTC: "layer-1",
  ETH: "layer-1",
  SOL: "layer-1",
  ADA: "layer-1",
  AVAX: "layer-1",
  DOT: "layer-1",
  ATOM: "layer-1",
  ETC: "layer-1",
  ALGO: "layer-1",
  NEAR: "layer-1",
  HBAR: "layer-1",
  TRX: "layer-1",
  TON: "layer-1",
  SUI: "layer-1",
  APT: "layer-1",
  ICP: "layer-1",
  ARB: "layer-2",
  OP: "layer-2",
  POL: "layer-2",
  MATIC: "layer-2",
  IMX: "layer-2",
  USDC: "stablecoin",
  USDT: "stablecoin",
  DAI: "stablecoin",
  PYUSD: "stablecoin",
  BNB: "exchange-token",
  CRO: "exchange-token",
  OKB: "exchange-token",
  LEO: "exchange-token",
  XRP: "payments",
  LTC: "payments",
  BCH: "payments",
  XLM: "payments",
  UNI: "defi",
  AAVE: "defi",
  MKR: "defi",
  CRV: "defi",
  LDO: "defi",
  LINK: "oracle",
  FIL: "storage",
  AR: "storage",
  DOGE: "meme",
  SHIB: "meme",
  PEPE: "meme",
  BONK: "meme",
  WIF: "meme",
};

export function coinCategoryOf(symbol: string): CoinCategory {
  return Object.hasOwn(categories, symbol) ? categories[symbol]! : "other";
}
