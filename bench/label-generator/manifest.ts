/**
 * What the generator tells the harness about each file: its labels' truth and how it was made.
 * Shared with the worker-side harness (test/worker/generated-accuracy.ts), so it imports nothing.
 */

/** One label's right answers, in the matching rules of test/worker/label-scoring.ts. */
export interface Truth {
  courier: "evri" | "royalmail";
  trackingCode: string;
  recipientName: string;
  recipientPostcode: string;
  /** Empty when the label prints no sender: then no sender is the right answer. */
  senderName: string;
  /** Evri's serviceCode ('NEXT DAY', '48 HOUR', 'STANDARD') or Royal Mail's classId ('Tracked 24', …). */
  service: string;
  /** Only when the label prints a weight. */
  weightInGrams?: number;
}

export type Toolchain = "pdf-lib" | "chromium" | "pdfkit";
export type Medium = "text-pdf" | "flat-pdf" | "image";

export interface GeneratedFile {
  index: number;
  name: string;
  family: string;
  toolchain: Toolchain;
  medium: Medium;
  /** How an image was made (kind, resolution, degradations), null for text PDFs. */
  image: object | null;
  labels: Truth[];
  notes: string[];
}

declare module "vitest" {
  interface ProvidedContext {
    /** The loopback address serving the generated labels (bench/label-generator/serve.ts). */
    generatedLabels: string;
  }
}
