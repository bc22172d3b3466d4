import { describe, expect, it } from "vitest";
import { parseFreeTextAddress } from "../../worker/couriers/address";
import { findCourier } from "../../worker/couriers/registry";

describe("the courier registry", () => {
  it("finds couriers ignoring case, spaces, underscores and hyphens", () => {
    expect(findCourier("EVRI")?.id).toBe("evri");
    expect(findCourier("Royal Mail")?.id).toBe("royalmail");
    expect(findCourier("royal_mail")?.id).toBe("royalmail");
    expect(findCourier("royal-mail")?.id).toBe("royalmail");
    expect(findCourier("dpd")).toBeUndefined();
  });
});

describe("free-text addresses (Royal Mail fromAddress)", () => {
  it("takes the first line as the name and normalises the postcode on its own line", () => {
    expect(parseFreeTextAddress("Jane Smith\n1 High Street\nLondon\nsw1a1aa")).toEqual({
      name: "Jane Smith",
      address: ["1 High Street", "London"],
      postcode: "SW1A 1AA",
      countryCode: "GB",
    });
  });
  it("splits a one-line address on commas and finds a postcode after the town", () => {
    expect(parseFreeTextAddress("Acme Ltd, Unit 4, Oxford OX18 3UQ")).toEqual({
      name: "Acme Ltd",
      address: ["Unit 4", "Oxford"],
      postcode: "OX18 3UQ",
      countryCode: "GB",
    });
  });
  it("keeps an address without a postcode, with an empty postcode", () => {
    expect(parseFreeTextAddress("Bob\nFarm Lane")).toEqual({ name: "Bob", address: ["Farm Lane"], postcode: "", countryCode: "GB" });
  });
  it("does not take a name that looks like a postcode as the postcode", () => {
    expect(parseFreeTextAddress("W1 1AA").name).toBe("W1 1AA");
  });
});
