import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "../../src/env";

describe("environment", () => {
  it("has working defaults for a fresh machine", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATABASE_URL: "./data/app.db",
      APP_ORIGIN: "http://localhost:3000",
      MARKET_DATA_PROVIDER: "sim",
      CRYPTO_DATA_PROVIDER: "sim",
      DEMO_SEED: true,
      NODE_ENV: "development",
      POLYGON_CALLS_PER_MINUTE: 5,
      COINBASE_CALLS_PER_SECOND: 10,
      MARKET_PROVIDER_TIMEOUT_MS: 3000,
    });
  });

  it("reads the passkeys' relying party", () => {
    expect(
      parseEnv({
        PASSKEY_RP_ID: "ledgerline.example",
        PASSKEY_ORIGINS: "https://app.ledgerline.example/, https://ledgerline.example",
      }),
    ).toMatchObject({
      PASSKEY_RP_ID: "ledgerline.example",
      PASSKEY_ORIGINS: ["https://app.ledgerline.example", "https://ledgerline.example"],
    });
  });

  it("reads the providers' rate limits", () => {
    expect(
      parseEnv({ POLYGON_CALLS_PER_MINUTE: "100", COINBASE_CALLS_PER_SECOND: "3" }),
    ).toMatchObject({ POLYGON_CALLS_PER_MINUTE: 100, COINBASE_CALLS_PER_SECOND: 3 });
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PASSKEY_RP_ID: "https://ledgerline.example" }, "PASSKEY_RP_ID"],
    [{ PASSKEY_ORIGINS: "https://ledgerline.example,not a url" }, "PASSKEY_ORIGINS"],
    [{ APP_ORIGIN: "not a url" }, "APP_ORIGIN"],
    [{ MARKET_DATA_PROVIDER: "yahoo" }, "MARKET_DATA_PROVIDER"],
    [{ MARKET_DATA_PROVIDER: "polygon" }, "POLYGON_API_KEY"],
    [{ ADMIN_EMAIL: "ops@example.com" }, "ADMIN_PASSWORD"],
    [{ ADMIN_EMAIL: "nope", ADMIN_PASSWORD: "x" }, "ADMIN_EMAIL"],
    [{ DEMO_SEED: "maybe" }, "DEMO_SEED"],
    [{ SMTP_URL: "::" }, "SMTP_URL"],
    [{ POLYGON_CALLS_PER_MINUTE: "0" }, "POLYGON_CALLS_PER_MINUTE"],
    [{ SESSION_SIGNING_KEY: "short" }, "SESSION_SIGNING_KEY"],
    [{ POLYGON_CALLS_PER_MINUTE: "lots" }, "POLYGON_CALLS_PER_MINUTE"],
    [{ COINBASE_CALLS_PER_SECOND: "2.5" }, "COINBASE_CALLS_PER_SECOND"],
    [{ MARKET_PROVIDER_TIMEOUT_MS: "3s" }, "MARKET_PROVIDER_TIMEOUT_MS"],
    [{ MARKET_PROVIDER_TIMEOUT_MS: "0" }, "MARKET_PROVIDER_TIMEOUT_MS"],
    // The recompute's hold is for end-to-end tests; a deployment never runs with it.
    [{ TEST_RECOMPUTE_DELAY_MS: "3000" }, "TEST_RECOMPUTE_DELAY_MS"],
    [{ TEST_IMPORT_BATCH_DELAY_MS: "250" }, "TEST_IMPORT_BATCH_DELAY_MS"],
  ])("stops on %j naming %s", (source, variable) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(
      new RegExp(`^Invalid configuration:\\n  ${variable}:`, "m"),
    );
  });
});
