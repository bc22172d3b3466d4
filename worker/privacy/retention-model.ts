import { z } from "zod";

/** GET/PUT /user/retention's answer; the web app reads the same type. */
export const retentionAnswer = z.object({
  buyerContactDays: z.number().int().describe("Days after delivery a buyer's e-mail and phone numbers are kept (fixed)"),
  addressRetentionDays: z.number().int().nullable().describe("Days after delivery recipients' addresses are kept; null: until the label is deleted"),
  choices: z.array(z.number().int().nullable()),
});

export type RetentionAnswer = z.infer<typeof retentionAnswer>;
