import { describe, expect, it } from "vitest";
import { exchangeName, industryName } from "../src/browser";

describe("an exchange's name", () => {
  it.each([
    ["XNAS", "Nasdaq"],
    ["XNYS", "New York Stock Exchange"],
    ["ARCX", "NYSE Arca"],
    ["xase", "NYSE American"],
  ])("%s reads %s", (mic, name) => {
    expect(exchangeName(mic)).toBe(name);
  });

  it("keeps a code it does not know, and nothing stays nothing", () => {
    expect(exchangeName("XLON")).toBe("XLON");
    expect(exchangeName(null)).toBeNull();
    expect(exchangeName("")).toBeNull();
  });
});

describe("an industry's name", () => {
  it.each([
    ["ELECTRONIC COMPUTERS", "Electronic Computers"],
    ["SERVICES-PREPACKAGED SOFTWARE", "Services: Prepackaged Software"],
    ["RETAIL-EATING PLACES", "Retail: Eating Places"],
    ["EXCHANGE-TRADED FUND", "Exchange-Traded Fund"],
    ["FIRE, MARINE & CASUALTY INSURANCE", "Fire, Marine & Casualty Insurance"],
    [
      "PERFUMES, COSMETICS & OTHER TOILET PREPARATIONS",
      "Perfumes, Cosmetics & Other Toilet Preparations",
    ],
    ["SERVICES-BUSINESS SERVICES, NEC", "Services: Business Services, NEC"],
    [
      "SERVICES-COMPUTER PROGRAMMING, DATA PROCESSING, ETC.",
      "Services: Computer Programming, Data Processing, etc.",
    ],
    ["MOTOR VEHICLES & PASSENGER CAR BODIES", "Motor Vehicles & Passenger Car Bodies"],
    [
      "SERVICES-MOTION PICTURE & VIDEO TAPE PRODUCTION",
      "Services: Motion Picture & Video Tape Production",
    ],
    ["STATE COMMERCIAL BANKS", "State Commercial Banks"],
    ["WATER TRANSPORTATION OF PASSENGERS", "Water Transportation of Passengers"],
  ])("%s reads %s", (sic, name) => {
    expect(industryName(sic)).toBe(name);
  });

  it("keeps text a person wrote, and nothing stays nothing", () => {
    expect(industryName("Semiconductors")).toBe("Semiconductors");
    expect(industryName(null)).toBeNull();
    expect(industryName("  ")).toBeNull();
  });
});
