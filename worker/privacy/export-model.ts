import { z } from "zod";

/** 'Download my data' as the API answers it (GET/POST /user/export); the web app reads the same type. */
export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(["building", "ready", "failed"]),
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable().describe("When the archive is deleted and its link stops working (7 days after it is ready)"),
  size: z.number().int().nullable().describe("The archive's size in bytes, once ready"),
  progress: z.object({
    step: z.string().describe("What is being written: queued, README.txt, account.json, labels.jsonl, labels.csv, tracking-events.csv, credit-ledger.csv, webhooks.json, banner, originals, ready"),
    labels: z.number().int(),
    labelsTotal: z.number().int(),
    files: z.number().int(),
    filesTotal: z.number().int(),
  }),
  downloadUrl: z.string().nullable().describe("The signed download link while the archive is ready (no sign-in needed: keep it private)"),
  error: z.string().nullable(),
});

export type ApiDataExport = z.infer<typeof dataExportSchema>;

export const dataExportAnswer = z.object({ export: dataExportSchema.nullable() });
