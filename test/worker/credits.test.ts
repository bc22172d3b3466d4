import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../worker/db/schema";
import { debitWith, grantCredits, ledgerSum } from "../../worker/credits/credits";
import { createUser, db } from "./helpers";

const balance = async (id: number) => (await db().query.users.findFirst({ where: eq(users.id, id) }))!.credits;

describe("the credit ledger", () => {
  it("applies grants through the ledger and keeps balance equal to the ledger sum", async () => {
    const u = await createUser();
    expect(await grantCredits(db(), { userId: u.id, delta: 200, reason: "purchase", reference: "cs_1" })).toBe(true);
    expect(await balance(u.id)).toBe(200);
    expect(await ledgerSum(db(), u.id)).toBe(200);
  });

  it("grants nothing when an idempotency key is replayed", async () => {
    const u = await createUser();
    const grant = { userId: u.id, delta: 50, reason: "free_verification" as const, idempotencyKey: `free:${u.email}` };
    expect(await grantCredits(db(), grant)).toBe(true);
    expect(await grantCredits(db(), grant)).toBe(false);
    expect(await balance(u.id)).toBe(50);
  });

  it("refuses a grant that is not a positive integer", async () => {
    const u = await createUser();
    await expect(grantCredits(db(), { userId: u.id, delta: 0, reason: "admin_grant" })).rejects.toThrow();
    await expect(grantCredits(db(), { userId: u.id, delta: 1.5, reason: "admin_grant" })).rejects.toThrow();
  });

  it("refuses a debit that would overdraw, with a 402, and changes nothing", async () => {
    const u = await createUser({ credits: 1 });
    await expect(debitWith(db(), { userId: u.id, labelIds: ["lbl_x", "lbl_y"] }, [])).rejects.toMatchObject({ status: 402 });
    expect(await balance(u.id)).toBe(1);
    expect(await ledgerSum(db(), u.id)).toBe(1);
  });

  it("lets exactly 50 of 100 concurrent debits through a balance of 50", async () => {
    const u = await createUser({ credits: 50 });
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) => debitWith(db(), { userId: u.id, labelIds: [`lbl_${i}`] }, [])),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(50);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(rejected).toHaveLength(50);
    expect(rejected.every((r) => r.reason.status === 402)).toBe(true);
    expect(await balance(u.id)).toBe(0);
    expect(await ledgerSum(db(), u.id)).toBe(0);
  });
});
