import { sp500Constituents } from "../data/sp500-constituents.gen";
import type { KeyedRandom } from "../random";
import type { ReferenceClose } from "../reference";
import { STOCK_REFERENCE_DATE, stockReferenceCloses } from "./reference-closes";
import type { Constituent } from "./constituent";
import { usStates } from "./us-states";
import { wellKnownCompanies, type WellKnownCompany } from "./well-known-companies";

/** Everything the simulated market knows about one company, fixed for a seed. */
export interface CompanyProfile {
  symbol: string;
  name: string;
  sector: string;
  subIndustry: string;
  exchange: string;
  sicDescription: string;
  employees: number;
  listDate: string;
  address: {
    address1: string | null;
    city: string | null;
    state: string | null;
    postal_code: string | null;
  };
  phone: string | null;
  homepage: string;
  description: string;
  sharesOutstanding: number;
  /** True for the hand-written profiles of well-known companies. */
  curated: boolean;
  model: PriceModelParameters;
}

export interface PriceModelParameters {
  /** The close the simulated path is pinned to and stays near (see ../reference.ts). */
  reference: ReferenceClose;
  annualDrift: number;
  annualVolatility: number;
  /** How strongly the stock follows the whole market (0..1). */
  marketLoading: number;
  averageVolume: number;
}

const SIMULATED_NOTE =
  "Prices, volumes and market figures for this company are simulated by the Ledgerline demo market.";
const GENERATED_NOTE =
  "This is a simulated profile: apart from the name, sector and headquarters, its figures are generated for the Ledgerline demo market.";

/** Typical annual volatility by sector, so utilities drift and chip makers swing. */
const sectorVolatility: Record<string, number> = {
  Utilities: 0.17,
  "Consumer Staples": 0.18,
  "Real Estate": 0.22,
  "Health Care": 0.24,
  Financials: 0.25,
  Industrials: 0.25,
  Materials: 0.27,
  "Communication Services": 0.3,
  "Consumer Discretionary": 0.32,
  Energy: 0.32,
  "Information Technology": 0.36,
};

const streetNames = [
  "Corporate",
  "Commerce",
  "Enterprise",
  "Market",
  "Park",
  "Lake",
  "River",
  "Summit",
  "Harbor",
  "Meridian",
  "Franklin",
  "Madison",
  "Liberty",
  "Innovation",
  "Capitol",
  "Riverside",
];
const streetKinds = ["Drive", "Parkway", "Boulevard", "Street", "Avenue", "Plaza", "Way", "Center"];

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** "Coca-Cola Company (The)" → "The Coca-Cola Company". */
function displayName(listName: string): string {
  const match = /^(.*) \(The\)$/.exec(listName);
  return match ? `The ${match[1]}` : listName;
}

function toWeekday(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const weekday = day.getUTCDay();
  if (weekday === 6) day.setUTCDate(day.getUTCDate() + 2);
  if (weekday === 0) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "2011-07-06" → "July 6, 2011" (Intl is far slower, and this runs for 500 companies). */
function formatLongDate(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return `${monthNames[month - 1]} ${day}, ${year}`;
}

function curatedReference(symbol: string): ReferenceClose {
  const reference = stockReferenceCloses[symbol];
  if (!reference) throw new Error(`${symbol} is curated but has no reference close`);
  return reference;
}

function curatedProfile(
  row: Constituent,
  company: WellKnownCompany,
  random: KeyedRandom,
): CompanyProfile {
  return {
    symbol: row.symbol,
    name: company.name,
    sector: row.sector,
    subIndustry: row.subIndustry,
    exchange: company.exchange,
    sicDescription: company.sicDescription,
    employees: company.employees,
    listDate: company.listDate,
    address: {
      address1: company.address1,
      city: company.city,
      state: company.state,
      postal_code: company.postalCode,
    },
    phone: company.phone,
    homepage: company.homepage,
    description: `${company.description} ${SIMULATED_NOTE}`,
    sharesOutstanding: company.sharesOutstanding,
    curated: true,
    model: {
      reference: curatedReference(row.symbol),
      annualDrift: clamp(0.08 + 0.06 * random.normal(row.symbol, "drift"), -0.1, 0.25),
      annualVolatility: company.volatility,
      marketLoading: 0.5 + 0.3 * random.uniform(row.symbol, "loading"),
      averageVolume: Math.round(
        company.sharesOutstanding * 0.006 * Math.exp(0.3 * random.normal(row.symbol, "turnover")),
      ),
    },
  };
}

/** A listing date before the company joined the index, not before it was founded, on a weekday. */
function generatedListDate(row: Constituent, r: (...key: string[]) => number): string {
  const added = row.dateAdded ?? "2000-01-03";
  const addedYear = Number(added.slice(0, 4));
  const earliestYear = Math.max(row.foundedYear ?? 1950, 1950);
  const listYear = Math.min(
    addedYear,
    Math.max(earliestYear, addedYear - Math.floor(r("listed") * 25)),
  );
  const month = 1 + Math.floor(r("list-month") * 12);
  const day = 1 + Math.floor(r("list-day") * 28);
  const listDate = toWeekday(
    `${listYear}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
  );
  return listDate > added ? toWeekday(added) : listDate;
}

/** A street address in the company's real city and state, with a ZIP code of that state. */
function generatedAddress(row: Constituent, random: KeyedRandom): CompanyProfile["address"] {
  const state = row.region ? usStates[row.region] : undefined;
  return {
    address1: `${random.integer(1, 98, row.symbol, "street-number") * 100} ${random.pick(streetNames, row.symbol, "street")} ${random.pick(streetKinds, row.symbol, "street-kind")}`,
    city: row.city,
    state: state?.code ?? row.region,
    postal_code: state
      ? `${state.zipPrefix}${String(random.integer(0, 99, row.symbol, "zip")).padStart(2, "0")}`
      : null,
  };
}

/** What the company does and where, from the constituent list's own facts. */
function generatedDescription(row: Constituent, name: string): string {
  const where = [row.city, row.region].filter(Boolean).join(", ");
  return [
    `${name} is ${/^[aeiou]/i.test(row.sector) ? "an" : "a"} ${row.sector.toLowerCase()} company in the ${row.subIndustry} industry${where ? `, headquartered in ${where}` : ""}.`,
    row.foundedYear ? `It traces its history to ${row.foundedYear}.` : "",
    row.dateAdded ? `It joined the S&P 500 on ${formatLongDate(row.dateAdded)}.` : "",
    GENERATED_NOTE,
  ]
    .filter(Boolean)
    .join(" ");
}

function generatedProfile(row: Constituent, random: KeyedRandom): CompanyProfile {
  const r = (...key: string[]) => random.uniform(row.symbol, ...key);
  const n = (...key: string[]) => random.normal(row.symbol, ...key);
  const name = displayName(row.name);

  const reference: ReferenceClose = stockReferenceCloses[row.symbol] ?? {
    date: STOCK_REFERENCE_DATE,
    close: Math.round(clamp(Math.exp(Math.log(95) + 0.8 * n("price")), 12, 900) * 100) / 100,
    source: "generated",
  };
  const annualVolatility = clamp(
    (sectorVolatility[row.sector] ?? 0.26) * Math.exp(0.25 * n("volatility")),
    0.13,
    0.65,
  );
  const marketCap = clamp(Math.exp(Math.log(40e9) + 0.9 * n("cap")), 5e9, 900e9);
  const sharesOutstanding = Math.max(1000, Math.round(marketCap / reference.close / 1000) * 1000);
  const techLike =
    row.sector === "Information Technology" || row.sector === "Communication Services";
  const exchange = r("exchange") < (techLike ? 0.6 : 0.2) ? "XNAS" : "XNYS";
  const employees =
    Math.round(clamp(Math.exp(Math.log(18_000) + 1.0 * n("employees")), 1_500, 500_000) / 100) *
    100;

  const state = row.region ? usStates[row.region] : undefined;
  const suffix = String(random.integer(0, 99, row.symbol, "phone")).padStart(2, "0");

  return {
    symbol: row.symbol,
    name,
    sector: row.sector,
    subIndustry: row.subIndustry,
    exchange,
    sicDescription: row.subIndustry.toUpperCase(),
    employees,
    listDate: generatedListDate(row, r),
    address: generatedAddress(row, random),
    phone: state ? `(${state.areaCode}) 555-01${suffix}` : null,
    // The SEC's filing index is a real, accurate page for every constituent, unlike a guessed domain.
    homepage: row.cik
      ? `https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=${row.cik.padStart(10, "0")}`
      : `https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&company=${encodeURIComponent(name)}`,
    description: generatedDescription(row, name),
    sharesOutstanding,
    curated: false,
    model: {
      reference,
      annualDrift: clamp(0.07 + 0.08 * n("drift"), -0.15, 0.3),
      annualVolatility,
      marketLoading: 0.45 + 0.3 * r("loading"),
      averageVolume: Math.round(sharesOutstanding * 0.007 * Math.exp(0.35 * n("turnover"))),
    },
  };
}

/** The simulated universe: every S&P 500 constituent, curated where we have a profile. */
export function buildCompanyProfiles(random: KeyedRandom): Map<string, CompanyProfile> {
  const curated = new Map(wellKnownCompanies.map((company) => [company.symbol, company]));
  const profiles = new Map<string, CompanyProfile>();
  for (const row of sp500Constituents) {
    const company = curated.get(row.symbol);
    profiles.set(
      row.symbol,
      company ? curatedProfile(row, company, random) : generatedProfile(row, random),
    );
  }
  profiles.set(benchmarkFund.symbol, benchmarkFund);
  return profiles;
}

/**
 * SPY, the S&P 500 ETF, so that returns have a benchmark in the simulated market as on Polygon:
 * it follows the simulated market's common factor alone (loading 1), at the index's volatility,
 * kept near its close of the reference date.
 */
const benchmarkFund: CompanyProfile = {
  symbol: "SPY",
  name: "SPDR S&P 500 ETF Trust",
  sector: "Exchange-Traded Funds",
  subIndustry: "S&P 500 Index Funds",
  exchange: "ARCX",
  sicDescription: "EXCHANGE-TRADED FUND",
  employees: 0,
  listDate: "1993-01-22",
  address: {
    address1: "One Iron Street",
    city: "Boston",
    state: "MA",
    postal_code: "02210",
  },
  phone: "(866) 787-2257",
  homepage: "https://www.ssga.com",
  description: `SPDR S&P 500 ETF Trust holds the stocks of the S&P 500 index in their index weights, and is the most traded fund that tracks it. ${SIMULATED_NOTE}`,
  sharesOutstanding: 1_000_000_000,
  curated: true,
  model: {
    reference: curatedReference("SPY"),
    annualDrift: 0.08,
    annualVolatility: 0.16,
    marketLoading: 1,
    averageVolume: 50_000_000,
  },
};

/** Company names by ticker, straight from the list, for naming snapshots without an upstream call. */
export const constituentNames: ReadonlyMap<string, string> = new Map(
  sp500Constituents.map((row) => [row.symbol, curatedName(row.symbol) ?? displayName(row.name)]),
);

/** An S&P 500 company's name, known without a provider call (the research page's first paint). */
export function knownCompanyName(symbol: string): string | undefined {
  return constituentNames.get(symbol);
}

function curatedName(symbol: string): string | undefined {
  return wellKnownCompanies.find((company) => company.symbol === symbol)?.name;
}
