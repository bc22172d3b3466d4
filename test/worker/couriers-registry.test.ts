import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiCourier } from "../../worker/couriers/answer";
import { parseFreeTextAddress } from "../../worker/couriers/address";
import type { Courier } from "../../worker/couriers/courier";
import { findCourier, registerCourier } from "../../worker/couriers/registry";
import { callWithEnv, createUser } from "./helpers";

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

/** A made-up courier: codes 'PF' + 8 digits, no label reader or tracking API. */
const parcelFox: Courier = {
  id: "parcelfox",
  label: "parcelfox",
  displayName: "Parcel Fox",
  normaliseCode: (input) => input.toUpperCase().replace(/[\s\-.]/g, ""),
  isValidCode: (code) => /^PF\d{8}$/.test(code),
  codeRule: "Parcel Fox tracking codes are PF and 8 digits",
  trackingPlaceholder: "PF12345678",
  manual: { required: ["recipientPostcode"], optional: ["weightInGrams"] },
  labelReader: { parse: () => null, recognises: () => false, printedCodes: () => [] },
  trackingClient: () => null,
  trackingUnavailable: "Parcel Fox has no tracking.",
  noEvents: { card: "Parcel Fox sends no updates.", detail: "No Parcel Fox updates." },
  lostAdvice: "Ask Parcel Fox.",
  printing: { supported: false, disabledTitle: "Parcel Fox labels cannot be printed" },
  sendParcel: null,
  serviceCorrection: () => ({}),
  nextDayMix: false,
};

describe("a courier added to the registry only", () => {
  let unregister: () => void;
  beforeAll(() => {
    unregister = registerCourier(parcelFox);
  });
  afterAll(() => unregister());

  it("is served by GET /couriers with its display facts and manual fields", async () => {
    const res = await callWithEnv({}, "/api/v1/couriers");
    const list = (await res.json()) as ApiCourier[];
    expect(list.map((c) => c.id)).toEqual(["evri", "royalmail", "parcelfox"]);
    expect(list[2]).toEqual({
      id: "parcelfox",
      label: "parcelfox",
      displayName: "Parcel Fox",
      trackingPlaceholder: "PF12345678",
      noEvents: { card: "Parcel Fox sends no updates.", detail: "No Parcel Fox updates." },
      printing: { supported: false, disabledTitle: "Parcel Fox labels cannot be printed" },
      sendParcel: null,
      required: { recipientPostcode: "string" },
      optional: { weightInGrams: "integer" },
      fieldLabels: { recipientPostcode: "Recipient postcode", weightInGrams: "Weight (g)" },
    });
  });

  it("takes manual labels, filters the labels list and counts in analytics", async () => {
    const user = await createUser({ credits: 3 });
    const refused = await callWithEnv({}, "/api/v1/label/manual", {
      method: "POST",
      token: user.token,
      json: { courier: "Parcel Fox", trackingCode: "PF123", fields: { recipientPostcode: "SW1A 1AA" } },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: "Invalid tracking code for Parcel Fox: Parcel Fox tracking codes are PF and 8 digits." });

    const created = await callWithEnv({}, "/api/v1/label/manual", {
      method: "POST",
      token: user.token,
      json: { courier: "parcelfox", trackingCode: "pf 1234 5678", fields: { recipientPostcode: "sw1a1aa", weightInGrams: 900 } },
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ trackingCode: "PF12345678" });
    await callWithEnv({}, "/api/v1/label/manual", {
      method: "POST",
      token: user.token,
      json: { courier: "evri", trackingCode: "H04AQA0004726589", fields: { recipientPostcode: "SW1A 1AA" } },
    });

    const listed = (await (await callWithEnv({}, "/api/v1/labels?courier=parcelfox", { token: user.token })).json()) as {
      results: { courier: string; trackingCode: string }[];
      total: number;
    };
    expect(listed.total).toBe(1);
    expect(listed.results.map((l) => [l.courier, l.trackingCode])).toEqual([["parcelfox", "PF12345678"]]);

    const summary = await callWithEnv({}, "/api/v1/labels/analytics/summary?courier=parcelfox", { token: user.token });
    expect(summary.status).toBe(200);
    expect(await summary.json()).toMatchObject({ totals: { rows: 1 }, weightStats: { avg: 900 }, nextDayMixEvri: [{ count: 0 }, { count: 0 }] });
    const unknown = await callWithEnv({}, "/api/v1/labels/analytics/summary?courier=dhl", { token: user.token });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(await unknown.json())).toContain("must be all, evri, royalmail or parcelfox");
  });
});
