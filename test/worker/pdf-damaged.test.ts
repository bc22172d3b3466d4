import { describe, expect, it } from "vitest";
import { ImportError } from "../../worker/lib/errors";
import { readPdfText } from "../../worker/label-import/pdf";
import { importLabelFile } from "../../worker/label-import/pipeline";

// A damaged PDF must be refused without leaving a promise rejected that nobody observes (issue 36, class 8): in a
// Worker that is a failure reported against the request, and the fuzzer (import-fuzz.test.ts) fails on it. pdf.js,
// opening a document, fetches every kid of the top-level page tree at once and awaits them one by one; a walk
// that stops at one bad kid left the others' failures unobserved (scripts/pdfjs-observed-prefetch.ts).

/** A PDF written out by hand: objects in order, a correct xref table, the trailer. */
function pdf(objects: string[]): Uint8Array {
  let out = "%PDF-1.7\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

const page = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 432] /Contents 6 0 R /Resources << /Font << /F1 7 0 R >> >> >>";
const content = "BT /F1 12 Tf 20 400 Td (Not a label) Tj ET";
const font = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";

/** Three page kids: a good first page, then two that cannot be parsed (an illegal character, an array never closed). */
const damagedKids = () =>
  pdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 >>",
    page,
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 432) >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 432 /Rotate 0 >> >> >> >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    font,
  ]);

/** Runs `work`, then lets the runtime report any rejection left unhandled (it does so before the next task). */
async function unhandledDuring(work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const listener = (event: PromiseRejectionEvent) => seen.push(String((event.reason as Error)?.message ?? event.reason));
  addEventListener("unhandledrejection", listener);
  try {
    await work().catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 0));
  } finally {
    removeEventListener("unhandledrejection", listener);
  }
  return seen;
}

describe("damaged PDFs leave nothing of the parser's behind", () => {
  it("a page tree with bad kids is read or refused, and no fetch of a kid is left rejected unobserved", async () => {
    const leaks = await unhandledDuring(() => readPdfText(damagedKids(), 50));
    expect(leaks).toEqual([]);
  });

  it("the upload's pipeline refuses it with a clear 422", async () => {
    let refused: unknown;
    const leaks = await unhandledDuring(() => importLabelFile(damagedKids()).catch((err) => (refused = err)));
    expect(leaks).toEqual([]);
    expect(refused).toBeInstanceOf(ImportError);
    expect((refused as ImportError).status).toBe(422);
  });
});
