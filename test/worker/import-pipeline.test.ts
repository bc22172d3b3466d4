import { describe, expect, it } from "vitest";
import { importLabelFile } from "../../worker/labels/pipeline";
import { expected, fixture } from "./import-fixtures";

describe("the import pipeline on drawn labels", () => {
  for (const [name, labels] of Object.entries(expected)) {
    it(`reads ${name}`, async () => {
      const result = await importLabelFile(fixture(name));
      expect(result.labels.map((l) => l.details)).toMatchObject(labels);
      expect(result.labels.map((l) => l.page)).toEqual(labels.map((_, i) => i + 1));
      const imageOnly = !name.endsWith(".pdf") || name.includes("flattened");
      expect(result.labels.every((l) => l.ocrPending === imageOnly)).toBe(true);
    }, 30_000); // the first PDF loads PDFium; the machine is shared
  }
});
