import { eq } from "drizzle-orm";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { labelTags, labels, users } from "../../worker/db/schema";
import { ledgerSum } from "../../worker/credits/credits";
import { saveImportedLabels } from "../../worker/labels/save";
import { createUser, db } from "./helpers";
import { evriCode, fileFor } from "./labels-fixtures";

const balance = async (id: number) => (await db().query.users.findFirst({ where: eq(users.id, id) }))!.credits;
const details = (code: string, extra: Record<string, unknown> = {}) => ({ courier: "Evri", trackingCode: code, countryCode: "", ...extra });

describe("saveImportedLabels (used by the import pipeline)", () => {
  it("stores the file and its labels, debiting one credit per new tracking code", async () => {
    const u = await createUser({ credits: 5 });
    const [a, b] = [evriCode(), evriCode()];
    const saved = await saveImportedLabels(db(), env, {
      userId: u.id,
      file: fileFor("f1"),
      labels: [
        { page: 1, details: details(a, { address: { name: "Ann", address: ["1 High St"], postcode: "sw1a1aa", countryCode: "" } }), ocrPending: false },
        { page: 2, details: details(b), ocrPending: true },
      ],
      notes: "  batch 1 ",
    });
    expect(saved.map((l) => l.trackingCode)).toEqual([a, b]);
    expect(saved[0].courier).toBe("evri");
    expect(saved[0].data[0].countryCode).toBe("GB");
    expect(saved[0].data[0].address).toEqual({ name: "Ann", address: ["1 High St"], postcode: "SW1A 1AA", countryCode: "GB" });
    expect(saved[0].notes).toBe("batch 1");
    expect(saved[0].file).toEqual({ name: "label.pdf", mime: "application/pdf", hasBytes: true });
    expect(saved[0].downloadUrl).toBe(`/api/v1/label/${saved[0].id}/download`);
    expect(saved[1].ocrStatus).toBe("pending");
    expect(await balance(u.id)).toBe(3);
    expect(await ledgerSum(db(), u.id)).toBe(3);
  });

  it("updates a code the user already has for free, merging details and keeping notes and tags", async () => {
    const u = await createUser({ credits: 2 });
    const a = evriCode();
    const [first] = await saveImportedLabels(db(), env, {
      userId: u.id,
      file: fileFor("g1"),
      labels: [{ page: 1, details: details(a, { weightInGrams: 900, serviceCode: "NEXT" }), ocrPending: false }],
    });
    await db().update(labels).set({ notes: "keep me", tagsJson: '["vip"]' }).where(eq(labels.id, first.id));
    await db().insert(labelTags).values({ labelId: first.id, userId: u.id, tag: "vip" });
    const [again] = await saveImportedLabels(db(), env, {
      userId: u.id,
      file: fileFor("g2"),
      labels: [{ page: 3, details: details(a, { weightInGrams: 1200 }), ocrPending: false }],
      notes: "ignored for existing",
    });
    expect(again.id).toBe(first.id);
    expect(again.notes).toBe("keep me");
    expect(again.tags).toEqual(["vip"]);
    expect(again.data[0].weightInGrams).toBe(1200);
    expect(again.data[0].serviceCode).toBe("NEXT");
    expect(await balance(u.id)).toBe(1);
    const row = await db().query.labels.findFirst({ where: eq(labels.id, first.id) });
    expect(row).toMatchObject({ fileId: "g2", filePage: 3, weightGrams: 1200 });
  });

  it("stores nothing and answers 402 when the balance is short", async () => {
    const u = await createUser({ credits: 1 });
    await expect(
      saveImportedLabels(db(), env, {
        userId: u.id,
        file: fileFor("h1"),
        labels: [
          { page: 1, details: details(evriCode()), ocrPending: false },
          { page: 2, details: details(evriCode()), ocrPending: false },
        ],
      }),
    ).rejects.toMatchObject({ status: 402, message: "You need 2 credits to process this file" });
    expect(await balance(u.id)).toBe(1);
    expect(await db().select().from(labels).where(eq(labels.userId, u.id))).toHaveLength(0);
    expect(await db().query.labelFiles.findFirst({ where: (f, { eq }) => eq(f.id, "h1") })).toBeUndefined();
  });

  it("counts a code repeated inside one file once", async () => {
    const u = await createUser({ credits: 3 });
    const a = evriCode();
    const saved = await saveImportedLabels(db(), env, {
      userId: u.id,
      file: fileFor("i1"),
      labels: [
        { page: 1, details: details(a), ocrPending: false },
        { page: 2, details: details(a.toLowerCase(), { weightInGrams: 50 }), ocrPending: false },
      ],
    });
    expect(saved).toHaveLength(1);
    expect(saved[0].data[0].weightInGrams).toBe(50);
    expect(await balance(u.id)).toBe(2);
  });

  it("sets shipped_on from the shipping date (UK day) and mirrors weight and next-day", async () => {
    const u = await createUser({ credits: 1 });
    const [l] = await saveImportedLabels(db(), env, {
      userId: u.id,
      file: fileFor("j1"),
      // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
      labels: [{ page: 1, details: details(evriCode(), { shippingLabelCreatedAt: "2026-06-30T23:30:00Z", weightInGrams: 700, isNextDay: true }), ocrPending: false }],
    });
    const row = await db().query.labels.findFirst({ where: eq(labels.id, l.id) });
    expect(row).toMatchObject({ shippedOn: "2026-07-01", weightGrams: 700, isNextDay: true, source: "upload" });
  });
});
