import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { labelDeadlines, scanTimes, type DeadlineInput } from "../../worker/deadlines/deadlines";
import { royalMailService } from "../../worker/couriers/royalmail/claims";
import { labels } from "../../worker/db/schema";
import { ukDay } from "../../worker/lib/uk-format";
import type { ApiLabel, TrackingEvent } from "../../shared/label";
import { call, createUser, db } from "./helpers";
import { evriCode, royalMailCode } from "./labels-fixtures";

// Calendar used below: 2026-11-23 is a Monday; 25 and 28 Dec 2026 and 1 Jan 2027 are bank holidays
// (Christmas on a Friday, Boxing Day moved to Monday); Good Friday is 3 Apr 2026, Easter Monday 6 Apr.

const at = (iso: string) => Date.parse(iso);

function parcel(over: Partial<DeadlineInput> & { created?: string; first?: string | null; last?: string | null } = {}): DeadlineInput {
  const { created = "2026-11-23T09:00:00Z", first = null, last = first, ...rest } = over;
  return {
    courier: "evri",
    service: null,
    isNextDay: null,
    createdAt: at(created),
    firstScanAt: first === null ? null : at(first),
    lastScanAt: last === null ? null : at(last),
    status: first === null ? null : "in_transit",
    ...rest,
  };
}

const deadlines = (p: DeadlineInput, now = "2026-11-23T12:00:00Z") => labelDeadlines(p, at(now))!;

describe("expected delivery (the service's aim in UK working days from the first scan)", () => {
  it.each([
    ["Evri standard: 3 working days", { first: "2026-11-23T10:00:00Z" }, "2026-11-26"],
    ["Evri next day over a weekend", { first: "2026-11-20T10:00:00Z", isNextDay: true }, "2026-11-23"],
    ["Evri 48 hour over Christmas and Boxing Day", { first: "2026-12-24T10:00:00Z", service: "48 hour" }, "2026-12-30"],
    ["Evri standard over Easter", { first: "2026-04-02T10:00:00Z" }, "2026-04-09"],
    ["a scan after midnight UK time (BST) counts from its UK day", { first: "2026-06-04T23:30:00Z", isNextDay: true }, "2026-06-08"],
    ["Royal Mail Tracked 24: next working day", { courier: "royalmail", service: "Tracked 24", first: "2026-11-20T10:00:00Z" }, "2026-11-23"],
    ["Royal Mail Tracked 48: 3 working days", { courier: "royalmail", service: "Tracked 48 No Signature", first: "2026-11-23T10:00:00Z" }, "2026-11-26"],
    ["Royal Mail Special Delivery over Christmas", { courier: "royalmail", service: "Special Delivery Guaranteed by 1pm", first: "2026-12-24T10:00:00Z" }, "2026-12-29"],
    ["Royal Mail 1st Class as the lost rules' other services", { courier: "royalmail", service: "1st Class", first: "2026-04-02T10:00:00Z" }, "2026-04-09"],
  ] as const)("%s", (_, over, expected) => {
    expect(deadlines(parcel(over)).expectedBy).toBe(expected);
  });

  it("is not known before the first scan", () => {
    expect(deadlines(parcel()).expectedBy).toBeNull();
    expect(deadlines(parcel({ courier: "royalmail", service: "Tracked 24" })).claimableFrom).toBeNull();
  });

  it("reads Royal Mail services from their names or product codes", () => {
    expect(["Tracked 24", "TPN01", "TRN24", "Tracked 48", "TPS01", "Special Delivery Guaranteed by 1pm", "SD101", "International Tracked", "2nd Class", null].map(royalMailService)).toEqual([
      "tracked24",
      "tracked24",
      "tracked24",
      "tracked48",
      "tracked48",
      "specialDelivery",
      "specialDelivery",
      "other",
      "other",
      "other",
    ]);
  });
});

describe("Evri: enquiry within 10 days of the last scan, claim within 30 days of the label", () => {
  it("counts 10 calendar days after the last scan's UK day, weekends and bank holidays included", () => {
    expect(deadlines(parcel({ first: "2026-11-20T10:00:00Z", last: "2026-11-23T15:00:00Z" })).enquiryBy).toBe("2026-12-03");
    expect(deadlines(parcel({ first: "2026-12-22T10:00:00Z", last: "2026-12-24T15:00:00Z" })).enquiryBy).toBe("2027-01-03");
    // 23:30 UTC on 31 Mar is 1 Apr in the UK (BST).
    expect(deadlines(parcel({ first: "2026-03-31T23:30:00Z" })).enquiryBy).toBe("2026-04-11");
  });

  it("closes claims 30 days after the label was created, scanned or not", () => {
    expect(deadlines(parcel({ created: "2026-11-03T09:00:00Z" })).claimClosesOn).toBe("2026-12-03");
    expect(deadlines(parcel({ created: "2026-12-01T09:00:00Z", first: "2026-12-10T09:00:00Z" })).claimClosesOn).toBe("2026-12-31");
    expect(deadlines(parcel()).claimableFrom).toBeNull();
  });

  describe("the sentence, on both sides of each deadline", () => {
    // Expected by Thu 26 Nov, enquiry until 4 Dec, claims until 23 Dec.
    const evri = parcel({ created: "2026-11-23T09:00:00Z", first: "2026-11-23T18:00:00Z", last: "2026-11-24T08:00:00Z" });
    it.each([
      ["2026-11-26T23:59:59Z", "Expected by Thu 26 Nov", false],
      ["2026-11-27T00:00:00Z", "Evri will only investigate until 4 Dec: raise it now", true],
      ["2026-12-04T23:59:59Z", "Evri will only investigate until 4 Dec: raise it now", true],
      ["2026-12-05T00:00:00Z", "Evri no longer investigates; claims close on 23 Dec: claim now", true],
      ["2026-12-23T23:59:59Z", "Evri no longer investigates; claims close on 23 Dec: claim now", true],
      ["2026-12-24T00:00:00Z", "Evri's claim window closed on 23 Dec", false],
    ])("at %s: %s", (now, sentence, urgent) => {
      expect(deadlines(evri, now)).toEqual({ expectedBy: "2026-11-26", enquiryBy: "2026-12-04", claimableFrom: null, claimClosesOn: "2026-12-23", sentence, urgent });
    });

    it("waits for the first scan, with the claim window in view", () => {
      expect(deadlines(parcel({ created: "2026-11-23T09:00:00Z" }), "2026-11-30T12:00:00Z").sentence).toBe("Waiting for Evri's first scan; claims close on 23 Dec");
    });

    it("says a window that closed before the first scan has closed, never that it closes (a backlog imported late)", () => {
      // Printed 1 Nov 2025, never scanned, imported a year later: its window closed on 1 Dec 2025.
      const old = parcel({ created: "2025-11-01T09:00:00Z" });
      expect(deadlines(old, "2026-11-25T12:00:00Z")).toEqual({
        expectedBy: null,
        enquiryBy: null,
        claimableFrom: null,
        claimClosesOn: "2025-12-01",
        sentence: "Evri's claim window closed on 1 Dec 2025",
        urgent: false,
      });
      // The day after the last day, not on it.
      expect(deadlines(parcel({ created: "2026-10-25T09:00:00Z" }), "2026-11-24T23:59:00Z").sentence).toBe("Waiting for Evri's first scan; claims close on 24 Nov");
      expect(deadlines(parcel({ created: "2026-10-25T09:00:00Z" }), "2026-11-25T00:00:00Z").sentence).toBe("Evri's claim window closed on 24 Nov");
    });

    it("writes the year of a day outside the current UK year, in the past and in the future", () => {
      const christmas = parcel({ created: "2026-12-20T09:00:00Z", first: "2026-12-21T10:00:00Z", last: "2026-12-23T10:00:00Z" });
      expect(deadlines(christmas, "2026-12-30T12:00:00Z").sentence).toBe("Evri will only investigate until 2 Jan 2027: raise it now");
      expect(deadlines(christmas, "2027-01-02T12:00:00Z").sentence).toBe("Evri will only investigate until 2 Jan: raise it now");
      expect(deadlines(christmas, "2027-01-20T12:00:00Z").sentence).toBe("Evri's claim window closed on 19 Jan");
      expect(deadlines(christmas, "2028-01-20T12:00:00Z").sentence).toBe("Evri's claim window closed on 19 Jan 2027");
      // 23:30 UTC on 31 Dec is already the new year in the UK only in summer time: in winter it is still 31 Dec.
      expect(deadlines(christmas, "2026-12-31T23:30:00Z").sentence).toBe("Evri will only investigate until 2 Jan 2027: raise it now");
    });

    it("says nothing once delivered, collected or returned (the dates stay)", () => {
      for (const status of ["delivered", "collected", "returned"] as const) {
        const d = deadlines({ ...evri, status }, "2026-11-27T12:00:00Z");
        expect(d).toMatchObject({ expectedBy: "2026-11-26", sentence: null, urgent: false });
      }
    });
  });
});

describe("Royal Mail: claimable N working days (Mon-Sat) after the due date, claims within 80 days of posting", () => {
  it.each([
    ["Tracked 24: 7 days, Saturday counted", "Tracked 24", "2026-11-23T10:00:00Z", "2026-11-24", "2026-12-02"],
    ["Tracked 48: 7 days", "Tracked 48", "2026-11-23T10:00:00Z", "2026-11-26", "2026-12-04"],
    ["Tracked 24 over Christmas and New Year", "TPN01", "2026-12-24T10:00:00Z", "2026-12-29", "2027-01-07"],
    ["Special Delivery: 5 days over New Year", "Special Delivery Guaranteed by 1pm", "2026-12-24T10:00:00Z", "2026-12-29", "2027-01-05"],
    ["other services: 10 days, after Easter", "1st Class", "2026-04-02T10:00:00Z", "2026-04-09", "2026-04-21"],
  ])("%s", (_, service, first, expectedBy, claimableFrom) => {
    const d = deadlines(parcel({ courier: "royalmail", service, first }));
    expect(d).toMatchObject({ expectedBy, claimableFrom, enquiryBy: null });
  });

  it("closes claims 80 days after posting: the first scan, else the label's creation", () => {
    expect(deadlines(parcel({ courier: "royalmail", service: "Tracked 24", created: "2026-11-20T09:00:00Z", first: "2026-11-23T10:00:00Z" })).claimClosesOn).toBe("2027-02-11");
    expect(deadlines(parcel({ courier: "royalmail", service: "Tracked 24", created: "2026-11-23T09:00:00Z" })).claimClosesOn).toBe("2027-02-11");
    expect(deadlines(parcel({ courier: "royalmail", service: "1st Class", first: "2026-04-02T10:00:00Z" })).claimClosesOn).toBe("2026-06-21");
  });

  describe("the sentence, on both sides of each deadline", () => {
    // Tracked 24 first scanned Mon 23 Nov: expected Tue 24 Nov, claimable from 2 Dec, claims until 11 Feb.
    const rm = parcel({ courier: "royalmail", service: "Tracked 24", first: "2026-11-23T10:00:00Z" });
    it.each([
      ["2026-11-24T23:59:59Z", "Expected by Tue 24 Nov", false],
      // Still in 2026: the closing day in 2027 says its year.
      ["2026-11-25T00:00:00Z", "You can claim from 2 Dec; claims close on 11 Feb 2027", true],
      ["2026-12-01T23:59:59Z", "You can claim from 2 Dec; claims close on 11 Feb 2027", true],
      ["2026-12-02T00:00:00Z", "You can claim now; claims close on 11 Feb 2027", true],
      ["2027-02-11T23:59:59Z", "You can claim now; claims close on 11 Feb", true],
      ["2027-02-12T00:00:00Z", "Royal Mail's claim window closed on 11 Feb", false],
    ])("at %s: %s", (now, sentence, urgent) => {
      expect(deadlines(rm, now)).toEqual({ expectedBy: "2026-11-24", enquiryBy: null, claimableFrom: "2026-12-02", claimClosesOn: "2027-02-11", sentence, urgent });
    });

    it("waits for the first scan, and says nothing once delivered", () => {
      expect(deadlines(parcel({ courier: "royalmail", service: "Tracked 24" })).sentence).toBe("Waiting for Royal Mail's first scan; claims close on 11 Feb 2027");
      expect(deadlines({ ...rm, status: "delivered" }, "2026-12-03T12:00:00Z").sentence).toBeNull();
    });
  });
});

it("has no deadlines for a courier without rules", () => {
  expect(labelDeadlines(parcel({ courier: "parcelfox", first: "2026-11-23T10:00:00Z" }), at("2026-11-24T12:00:00Z"))).toBeNull();
});

const evriEvent = (dateTime: string, stage: string): TrackingEvent => ({ dateTime, trackingPoint: { description: `stage ${stage}` }, trackingStage: { trackingStageCode: stage } });

it("takes the first and last scans from the stored events, registration excluded", () => {
  const events = [evriEvent("2026-10-06T09:00:00Z", "3"), evriEvent("2026-10-05T09:00:00Z", "2"), evriEvent("2026-10-01T09:00:00Z", "1"), evriEvent("not a date", "2")];
  expect(scanTimes("evri", events)).toEqual({ firstScanAt: at("2026-10-05T09:00:00Z"), lastScanAt: at("2026-10-06T09:00:00Z") });
  expect(scanTimes("parcelfox", events)).toEqual({ firstScanAt: null, lastScanAt: null });
  // Stored events of another shape are skipped, never a failed answer.
  const odd = [{ status: "in_transit", dateTime: "2026-10-07T09:00:00Z" }, null, { dateTime: 5 }] as unknown as TrackingEvent[];
  expect(scanTimes("evri", [...odd, ...events])).toEqual({ firstScanAt: at("2026-10-05T09:00:00Z"), lastScanAt: at("2026-10-06T09:00:00Z") });
  expect(scanTimes("royalmail", odd)).toEqual({ firstScanAt: null, lastScanAt: null });
});

describe("GET /api/v1/label/{id}", () => {
  it("shows the label's deadlines", async () => {
    const u = await createUser({ credits: 3 });
    const manual = (json: unknown) => call("/api/v1/label/manual", { method: "POST", token: u.token, json });
    const { id } = (await (await manual({ courier: "evri", trackingCode: evriCode(), fields: { recipientPostcode: "SW1A 1AA" } })).json()) as { id: string };
    // Created Thu 1 Oct 2026, first scanned Mon 5 Oct, last Tue 6 Oct: long past, so the windows have closed.
    const events = [evriEvent("2026-10-06T09:00:00Z", "3"), evriEvent("2026-10-05T09:00:00Z", "2"), evriEvent("2026-10-01T09:00:00Z", "1")];
    await db()
      .update(labels)
      .set({ createdAt: at("2026-10-01T09:00:00Z"), trackingJson: JSON.stringify({ results: [{ trackingEvents: events }] }), trackingStatus: "in_transit" })
      .where(eq(labels.id, id));

    const res = await call(`/api/v1/label/${id}`, { token: u.token });
    expect(res.status).toBe(200);
    expect(((await res.json()) as ApiLabel).deadlines).toEqual({
      expectedBy: "2026-10-08",
      enquiryBy: "2026-10-16",
      claimableFrom: null,
      claimClosesOn: "2026-10-31",
      // Without the year while it is 2026 (this test reads the real clock).
      sentence: `Evri's claim window closed on ${ukDay("2026-10-31", Date.now())}`,
      urgent: false,
    });

    const rm = (await (await manual({ courier: "royalmail", trackingCode: royalMailCode(), fields: { recipientPostcode: "OX183UQ" } })).json()) as { id: string };
    await db().update(labels).set({ trackingStatus: "delivered" }).where(eq(labels.id, rm.id));
    const list = (await (await call("/api/v1/labels", { token: u.token })).json()) as { results: ApiLabel[] };
    expect(list.results.find((l) => l.id === rm.id)!.deadlines).toMatchObject({ expectedBy: null, sentence: null });

    // A manual label the user says was delivered.
    const given = { courier: "evri", trackingCode: evriCode(), fields: { recipientPostcode: "SW1A 1AA", deliveredAt: "2026-11-24T10:00:00.000Z" } };
    const delivered = (await (await manual(given)).json()) as { id: string };
    const one = (await (await call(`/api/v1/label/${delivered.id}`, { token: u.token })).json()) as ApiLabel;
    expect(one.deadlines).toMatchObject({ sentence: null, urgent: false });
  });
});
