import type { ReferenceClose } from "../reference";

/**
 * The simulated crypto universe. `reference` is the close the simulated price is pinned to and
 * stays near (../reference.ts); `decimals` is the quote increment, so sub-cent coins such as SHIB
 * and PEPE are quoted to 8 decimals as the spec's display rule expects.
 *
 * `recorded` references are the coins' real closes of 31 December 2024 (the price at 24:00 UTC,
 * as CoinMarketCap publishes its daily close), rounded to about four significant figures;
 * `generated` ones are plausible figures near where the coin traded, not to be quoted as facts.
 */
export const CRYPTO_REFERENCE_DATE = "2024-12-31";

const recorded = (close: number): ReferenceClose => ({
  date: CRYPTO_REFERENCE_DATE,
  close,
  source: "close",
});
const generated = (close: number): ReferenceClose => ({
  date: CRYPTO_REFERENCE_DATE,
  close,
  source: "generated",
});

export interface SimCoin {
  symbol: string;
  name: string;
  reference: ReferenceClose;
  decimals: number;
  volatility: number;
  /** Typical units traded per day. */
  averageVolume: number;
}

export const simCoins: readonly SimCoin[] = [
  {
    symbol: "BTC",
    name: "Bitcoin",
    reference: recorded(93_429),
    decimals: 2,
    volatility: 0.55,
    averageVolume: 25_000,
  },
  {
    symbol: "ETH",
    name: "Ethereum",
    reference: recorded(3_332),
    decimals: 2,
    volatility: 0.7,
    averageVolume: 350_000,
  },
  {
    symbol: "SOL",
    name: "Solana",
    reference: recorded(189.3),
    decimals: 2,
    volatility: 0.85,
    averageVolume: 3_000_000,
  },
  {
    symbol: "XRP",
    name: "XRP",
    reference: recorded(2.08),
    decimals: 4,
    volatility: 0.9,
    averageVolume: 600_000_000,
  },
  {
    symbol: "ADA",
    name: "Cardano",
    reference: recorded(0.845),
    decimals: 4,
    volatility: 0.9,
    averageVolume: 500_000_000,
  },
  {
    symbol: "DOGE",
    name: "Dogecoin",
    reference: recorded(0.316),
    decimals: 5,
    volatility: 1.0,
    averageVolume: 2_000_000_000,
  },
  {
    symbol: "AVAX",
    name: "Avalanche",
    reference: generated(35.9),
    decimals: 2,
    volatility: 0.95,
    averageVolume: 4_000_000,
  },
  {
    symbol: "DOT",
    name: "Polkadot",
    reference: generated(6.7),
    decimals: 3,
    volatility: 0.9,
    averageVolume: 10_000_000,
  },
  {
    symbol: "LINK",
    name: "Chainlink",
    reference: generated(20.1),
    decimals: 3,
    volatility: 0.95,
    averageVolume: 8_000_000,
  },
  {
    symbol: "LTC",
    name: "Litecoin",
    reference: generated(103),
    decimals: 2,
    volatility: 0.8,
    averageVolume: 2_000_000,
  },
  {
    symbol: "BCH",
    name: "Bitcoin Cash",
    reference: generated(434),
    decimals: 2,
    volatility: 0.8,
    averageVolume: 300_000,
  },
  {
    symbol: "XLM",
    name: "Stellar",
    reference: generated(0.33),
    decimals: 6,
    volatility: 0.9,
    averageVolume: 400_000_000,
  },
  {
    symbol: "UNI",
    name: "Uniswap",
    reference: generated(13.3),
    decimals: 3,
    volatility: 1.0,
    averageVolume: 6_000_000,
  },
  {
    symbol: "ATOM",
    name: "Cosmos",
    reference: generated(6.4),
    decimals: 3,
    volatility: 0.9,
    averageVolume: 8_000_000,
  },
  {
    symbol: "ETC",
    name: "Ethereum Classic",
    reference: generated(25.8),
    decimals: 2,
    volatility: 0.9,
    averageVolume: 3_000_000,
  },
  {
    symbol: "FIL",
    name: "Filecoin",
    reference: generated(5.0),
    decimals: 3,
    volatility: 1.0,
    averageVolume: 10_000_000,
  },
  {
    symbol: "AAVE",
    name: "Aave",
    reference: generated(318),
    decimals: 2,
    volatility: 1.0,
    averageVolume: 250_000,
  },
  {
    symbol: "ALGO",
    name: "Algorand",
    reference: generated(0.36),
    decimals: 4,
    volatility: 1.0,
    averageVolume: 150_000_000,
  },
  {
    symbol: "NEAR",
    name: "NEAR Protocol",
    reference: generated(5.1),
    decimals: 3,
    volatility: 1.0,
    averageVolume: 20_000_000,
  },
  {
    symbol: "HBAR",
    name: "Hedera",
    reference: generated(0.28),
    decimals: 5,
    volatility: 1.05,
    averageVolume: 600_000_000,
  },
  {
    symbol: "ARB",
    name: "Arbitrum",
    reference: generated(0.73),
    decimals: 4,
    volatility: 1.05,
    averageVolume: 150_000_000,
  },
  {
    symbol: "OP",
    name: "Optimism",
    reference: generated(1.78),
    decimals: 3,
    volatility: 1.05,
    averageVolume: 50_000_000,
  },
  {
    symbol: "SHIB",
    name: "Shiba Inu",
    reference: generated(0.0000212),
    decimals: 8,
    volatility: 1.1,
    averageVolume: 5_000_000_000_000,
  },
  {
    symbol: "PEPE",
    name: "Pepe",
    reference: generated(0.0000171),
    decimals: 8,
    volatility: 1.3,
    averageVolume: 40_000_000_000_000,
  },
  {
    symbol: "BONK",
    name: "Bonk",
    reference: generated(0.0000295),
    decimals: 8,
    volatility: 1.3,
    averageVolume: 2_000_000_000_000,
  },
  {
    symbol: "USDC",
    name: "USDC",
    reference: generated(1),
    decimals: 4,
    volatility: 0.01,
    averageVolume: 500_000_000,
  },
];
