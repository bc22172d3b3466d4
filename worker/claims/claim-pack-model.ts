import { z } from "zod";

/**
 * A claim pack as GET /api/v1/label/{id}/claim-pack answers it: what a carrier's claim form asks
 * about one parcel, already in words and UK dates, so the printable page and the PDF say the same.
 * A schema for the API reference and the answer checks; the web app imports the type only.
 */
const address = z.object({ name: z.string(), address: z.array(z.string()), postcode: z.string(), countryCode: z.string() });

export const claimPackSchema = z.object({
  labelId: z.string(),
  trackingCode: z.string(),
  carrier: z.string().describe("The carrier's name: 'Evri', 'Royal Mail'"),
  service: z.string().nullable(),
  /** Label, value pairs in the order a claim form asks them; a missing value is 'Not known'. */
  facts: z.array(z.object({ label: z.string(), value: z.string() })),
  sender: address.nullable(),
  recipient: address.nullable(),
  returnAddress: address.nullable(),
  declaredValuePence: z.number().int().nullable(),
  /** Every tracking event, oldest first, with its UK date and time. */
  events: z.array(z.object({ at: z.string(), when: z.string(), description: z.string(), location: z.string().nullable(), code: z.string().nullable() })),
  /** The carrier's evidence of delivery read from its events (signature, safe place, photo, GPS, neighbour). */
  evidence: z.array(z.object({ flag: z.string(), at: z.string(), when: z.string(), event: z.string() })),
  notes: z.string(),
  /** The original label file and how the PDF carries it: its pages, an image page, or named as not embeddable. */
  original: z.object({ name: z.string(), mime: z.string(), inPdf: z.enum(["pages", "image", "not-embedded"]) }).nullable(),
  generatedAt: z.string(),
});

export type ClaimPack = z.infer<typeof claimPackSchema>;
