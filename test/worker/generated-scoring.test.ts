import { describe, expect, it } from "vitest";
import type { GeneratedFile } from "../../bench/label-generator/manifest";
import type { LabelDetails } from "../../worker/labels/model";
import { newGeneratedAccuracy, scoreFile, worstMisses } from "./generated-accuracy";

const file = (over: Partial<GeneratedFile> = {}): GeneratedFile => ({
  index: 0,
  name: "00000-rm-clickdrop-pdf-lib-text.pdf",
  family: "rm-clickdrop",
  toolchain: "pdf-lib",
  medium: "text-pdf",
  image: null,
  notes: [],
  labels: [{ courier: "royalmail", trackingCode: "VB442550835GB", recipientName: "Tom Jones", recipientPostcode: "OX18 3UQ", senderName: "", service: "Tracked 24" }],
  ...over,
});
const read = (d: Partial<LabelDetails>): LabelDetails => ({ courier: "royalmail", trackingCode: "VB442550835GB", address: { name: "TOM JONES", address: [], postcode: "OX183UQ" }, classId: "Tracked 24", ...d }) as LabelDetails;

// The generated-label harness's own scoring: what the bench and the gate count.
describe("scoring generated labels", () => {
  it("counts a code read that the file does not hold as wrong, and a missed code only as missed", () => {
    const out = newGeneratedAccuracy();
    scoreFile(out, file(), [read({ trackingCode: "SG577041359GB" })]);
    expect(out.wrongCodes).toEqual([{ file: "00000-rm-clickdrop-pdf-lib-text.pdf", got: "SG577041359GB", courier: "royalmail", want: ["VB442550835GB"] }]);
    expect(out.all.right.trackingCode).toBe(0);
    const missed = newGeneratedAccuracy();
    scoreFile(missed, file(), [], "ImportError: not a label");
    expect(missed.wrongCodes).toEqual([]);
    expect(missed.all.total.trackingCode).toBe(1);
    expect(missed.all.failures).toEqual(["00000-rm-clickdrop-pdf-lib-text.pdf: ImportError: not a label"]);
  });

  it("scores a label in its family, toolchain and medium; no sender read is right when none is printed", () => {
    const out = newGeneratedAccuracy();
    scoreFile(out, file(), [read({})]);
    scoreFile(out, file({ name: "00001-rm-clickdrop-chromium-scan-300.png", toolchain: "chromium", medium: "image" }), [read({ fromAddress: { name: "STANDARD", address: [], postcode: null } } as never)]);
    expect(out.labels).toBe(2);
    expect(out.all.right.senderName).toBe(1);
    expect(out.byFamily.get("rm-clickdrop")!.total.recipientName).toBe(2);
    expect(out.byToolchain.get("pdf-lib")!.right.senderName).toBe(1);
    expect(out.byMedium.get("image")!.right.senderName).toBe(0);
    expect(worstMisses(out.all).map((m) => [m.where, m.field])).toEqual([["00001-rm-clickdrop-chromium-scan-300.png [VB442550835GB]", "senderName"]]);
  });
});
