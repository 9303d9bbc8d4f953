import { afterEach, describe, expect, it, vi } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app";

/** Counts the loads of the libraries only some requests need; the real ones answer. */
const loads = vi.hoisted(() => ({ csv: 0, csvSync: 0, otpauth: 0, swagger: 0, swaggerUi: 0 }));
vi.mock("csv-parse", async (importOriginal) => {
  loads.csv++;
  return importOriginal();
});
vi.mock("csv-parse/sync", async (importOriginal) => {
  loads.csvSync++;
  return importOriginal();
});
vi.mock("otpauth", async (importOriginal) => {
  loads.otpauth++;
  return importOriginal();
});
vi.mock("@fastify/swagger", async (importOriginal) => {
  loads.swagger++;
  return importOriginal();
});
vi.mock("@fastify/swagger-ui", async (importOriginal) => {
  loads.swaggerUi++;
  return importOriginal();
});

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/**
 * Issue 35: a started server, and its signed-in reads, do not hold the CSV parser (imports),
 * otpauth (two-factor sign-in) or the API docs' libraries (and yaml with them); the first
 * request that needs one loads it.
 */
describe("libraries of rare requests", () => {
  it("load with the first request that needs them, not at start", async () => {
    t = await startTestApp();
    const user = await t.registerUser();
    expect((await t.request("GET", "/api/portfolio", { token: user.token })).status).toBe(200);
    expect(loads).toEqual({ csv: 0, csvSync: 0, otpauth: 0, swagger: 0, swaggerUi: 0 });

    const detected = await t.request("POST", "/api/import/detect", {
      token: user.token,
      body: { csv: "date,symbol,type,quantity,price\n2025-02-03,AAPL,BUY,1,100\n" },
    });
    expect(detected.status).toBe(200);
    expect(loads.csvSync).toBe(1);

    const setup = await t.request("POST", "/api/account/mfa/setup", {
      token: user.token,
      body: { password: user.password },
    });
    expect(setup.status).toBe(200);
    expect(setup.body?.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(loads.otpauth).toBe(1);

    expect((await t.request("GET", "/api/openapi.json")).status).toBe(200);
    expect((await t.request("GET", "/api/docs")).status).toBe(200);
    expect(loads).toMatchObject({ swagger: 1, swaggerUi: 1 });
  });
});
