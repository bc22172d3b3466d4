import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ApiLabel } from "../../shared/label";
import { ledgerSum } from "../../worker/credits/credits";
import { call, createUser, db, type TestUser } from "./helpers";
import { evriCode, royalMailCode } from "./labels-fixtures";

const manual = async (u: TestUser, courier = "evri", fields: Record<string, unknown> = { recipientPostcode: "SW1A 1AA" }) => {
  const code = courier === "evri" ? evriCode() : royalMailCode();
  const res = await call("/api/v1/label/manual", { method: "POST", token: u.token, json: { courier, trackingCode: code, fields } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
};
const correct = (u: TestUser, id: string, json: unknown) => call(`/api/v1/label/${id}/details`, { method: "PATCH", token: u.token, json });
const read = async (u: TestUser, id: string) => (await (await call(`/api/v1/label/${id}`, { token: u.token })).json()) as ApiLabel;

const RECIPIENT = { name: "Jane Smith", address: ["Flat 2", "14 Acacia Avenue", "Manchester"], postcode: "m11ae" };

describe("PATCH /api/v1/label/:id/details", () => {
  it("corrects the recipient, sender, return address, service and weight, free, each marked as edited by the user", async () => {
    const user = await createUser({ credits: 5 });
    const id = await manual(user);
    const balance = await ledgerSum(db(), user.id);
    const res = await correct(user, id, {
      address: RECIPIENT,
      fromAddress: { name: "ACME Widgets Ltd", address: ["Unit 4"], postcode: "LS11 5TD" },
      returnAddress: { name: "ACME Returns", address: [], postcode: "LS11 5TD" },
      service: "Next Day",
      weightInGrams: 1200,
    });
    expect(res.status).toBe(200);
    const d = ((await res.json()) as ApiLabel).data[0];
    expect(d.address).toEqual({ ...RECIPIENT, postcode: "M1 1AE", countryCode: "GB" });
    expect(d.fromAddress?.name).toBe("ACME Widgets Ltd");
    expect(d.sendAddress).toEqual(d.fromAddress);
    expect(d.returnAddress?.name).toBe("ACME Returns");
    expect(d).toMatchObject({ serviceCode: "Next Day", isNextDay: true, weightInGrams: 1200 });
    expect(d.fieldSources).toMatchObject({ address: "user", fromAddress: "user", returnAddress: "user", service: "user", weightInGrams: "user" });
    expect(await ledgerSum(db(), user.id)).toBe(balance);
    // The GET answer says the same, and the analytics columns follow the details.
    expect((await read(user, id)).data[0].fieldSources?.weightInGrams).toBe("user");
    const row = await env.DB.prepare("SELECT weight_grams, is_next_day FROM labels WHERE id = ?").bind(id).first<{ weight_grams: number; is_next_day: number }>();
    expect(row).toEqual({ weight_grams: 1200, is_next_day: 1 });
  });

  it("keeps the analytics rollup exact after a correction", async () => {
    const user = await createUser({ credits: 5 });
    const id = await manual(user, "evri", { recipientPostcode: "SW1A 1AA", weightInGrams: 500 });
    await correct(user, id, { weightInGrams: 2500, service: "48 HOUR" });
    const stored = await env.DB.prepare("SELECT sum(weight_sum) AS w, sum(labels) AS n, max(next_day) AS nd FROM label_day_stats WHERE user_id = ?").bind(user.id).first();
    expect(stored).toEqual({ w: 2500, n: 1, nd: 0 });
  });

  it("clears a field with null and sets a Royal Mail service as its class", async () => {
    const user = await createUser({ credits: 5 });
    const id = await manual(user, "royalmail", { recipientPostcode: "OX18 3UQ", fromAddress: "Bright Prints\n5 Mill Lane\nSP6 1PA" });
    const res = await correct(user, id, { fromAddress: null, service: "Tracked 48" });
    const d = ((await res.json()) as ApiLabel).data[0];
    expect(d.fromAddress).toBeNull();
    expect(d).toMatchObject({ classId: "Tracked 48", serviceCode: "Tracked 48" });
  });

  it.each([
    [{}, /Nothing to correct/],
    [{ address: { ...RECIPIENT, postcode: "NOT A CODE" } }, /Recipient postcode must be a UK postcode/],
    [{ address: { ...RECIPIENT, postcode: "" } }, /Recipient postcode is required/],
    [{ fromAddress: { name: "", address: ["1 High St"], postcode: "LS1 1AA" } }, /Sender needs a name/],
    [{ weightInGrams: "10" }, /weightInGrams|number/],
    [{ weightInGrams: -5 }, /positive/],
    [{ service: "" }, /service must not be empty/],
    [{ trackingCode: "H04AQA0004726589" }, /./],
  ])("refuses %j with a clear 400 and changes nothing", async (body, message) => {
    const user = await createUser({ credits: 5 });
    const id = await manual(user);
    const before = await env.DB.prepare("SELECT details_json, updated_at FROM labels WHERE id = ?").bind(id).first();
    const res = await correct(user, id, body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(message);
    expect(await env.DB.prepare("SELECT details_json, updated_at FROM labels WHERE id = ?").bind(id).first()).toEqual(before);
  });

  it("is the owner's only: another user's label is a 404 and stays as it was", async () => {
    const owner = await createUser({ credits: 5 });
    const id = await manual(owner);
    const stranger = await createUser();
    const res = await correct(stranger, id, { weightInGrams: 999 });
    expect(res.status).toBe(404);
    expect((await read(owner, id)).data[0].weightInGrams ?? null).toBeNull();
  });
});
