import { z } from "zod";

/**
 * A label's carrier deadlines as the API answers them (ApiLabel.deadlines): a schema for the API
 * reference and the answer checks, and the type the web app imports (types only).
 */
const ukDay = (what: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable().describe(`${what} (UK day, YYYY-MM-DD); null when it does not apply or is not known yet`);

export const labelDeadlinesSchema = z.object({
  expectedBy: ukDay("The last day of the service's delivery aim, counted from the first scan"),
  enquiryBy: ukDay("The last day the carrier still investigates (Evri: 10 days after the last scan)"),
  claimableFrom: ukDay("The first day a claim for loss is accepted (Royal Mail)"),
  claimClosesOn: ukDay("The last day a claim is accepted"),
  sentence: z.string().nullable().describe("What to do next, in words; null once delivered, collected or returned"),
  urgent: z.boolean().describe("The parcel is late and the sentence asks the user to act"),
});

export type LabelDeadlines = z.infer<typeof labelDeadlinesSchema>;

/** What the user marked a parcel as: it stops the alerts (and, but for 'claimed', the tracking). */
export const LABEL_OUTCOMES = ["claimed", "found", "delivered"] as const;
export type LabelOutcome = (typeof LABEL_OUTCOMES)[number];

/** At most this many parcels in the 'Needs action' answer. */
export const NEEDS_ACTION_MAX = 50;

/** One parcel that needs action (GET /api/v1/labels/needs-action). */
const needsActionItemSchema = z.object({
  id: z.string(),
  trackingCode: z.string(),
  courier: z.string(),
  courierName: z.string(),
  recipient: z.string().nullable().describe("The recipient's name and postcode, when known"),
  sentence: z.string().nullable().describe("What to do next (the label's deadline sentence)"),
  urgent: z.boolean(),
  potentiallyLost: z.boolean(),
  lostReason: z.string().nullable(),
  actBy: z.string().nullable().describe("The UK day (YYYY-MM-DD) to act by: the end of the carrier's investigation, else the claim window's close"),
});

export const needsActionSchema = z.object({
  results: z.array(needsActionItemSchema).describe(`The most urgent first, at most ${NEEDS_ACTION_MAX}`),
  total: z.number().int().describe("How many of the caller's parcels need action"),
});

export type NeedsActionItem = z.infer<typeof needsActionItemSchema>;
export type NeedsAction = z.infer<typeof needsActionSchema>;
