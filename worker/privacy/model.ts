import { z } from "zod";

/**
 * What the deletion calls answer (worker/privacy/routes.ts): schemas for the API document and its answer checks;
 * the web app imports the types only.
 */

export const labelJobSchema = z
  .object({
    id: z.string(),
    kind: z.enum(["delete", "restore", "purge"]),
    total: z.number().int().describe("Labels the job takes"),
    done: z.number().int().describe("Labels handled so far"),
    status: z.enum(["running", "done"]),
    createdAt: z.string(),
  })
  .describe("A bulk delete, restore or purge running in the queue: GET /labels/jobs/{id} answers its progress");
export type ApiLabelJob = z.infer<typeof labelJobSchema>;

export const labelsDeletedSchema = z.object({
  deleted: z.number().int().describe("Labels moved to Recently deleted by this call (0 when a job does it)"),
  restorableUntil: z.string().describe("Until when they can be restored; then they are purged for good"),
  job: labelJobSchema.nullable().describe("Set when more labels matched than one call deletes: the queue deletes them"),
});

export const deletedLabelSchema = z.object({
  id: z.string(),
  trackingCode: z.string(),
  courier: z.string(),
  recipient: z.object({ name: z.string().nullable(), postcode: z.string().nullable() }),
  tags: z.array(z.string()),
  fileName: z.string().nullable(),
  deletedAt: z.string(),
  restorableUntil: z.string(),
});
export type ApiDeletedLabel = z.infer<typeof deletedLabelSchema>;

export const deletedListSchema = z.object({
  results: z.array(deletedLabelSchema),
  total: z.number().int(),
  restoreDays: z.number().int(),
});
export type ApiDeletedList = z.infer<typeof deletedListSchema>;

export const restoredSchema = z.object({
  restored: z.number().int(),
  notRestored: z
    .array(z.object({ id: z.string(), trackingCode: z.string(), reason: z.literal("tracking_code_in_use") }))
    .describe("Deleted labels left in Recently deleted: a label with their tracking code is among your labels again"),
  job: labelJobSchema.nullable(),
});

export const accountClosedSchema = z.object({ closed: z.literal(true), email: z.string().describe("Where the confirmation went") });

export const purgedSchema = z.object({ purged: z.number().int(), job: labelJobSchema.nullable() });
