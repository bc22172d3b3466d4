import { describe, expect, it } from "vitest";
import type { GeneratedFile } from "../../bench/label-generator/manifest";
import type { LabelDetails } from "../../shared/label";
import { generatedReport, newGeneratedAccuracy, scoreFile, tooManyWrong, worstMisses } from "./generated-accuracy";

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

  it("counts a name read with its words run together right, and notes it among the gaps lost", () => {
    const out = newGeneratedAccuracy();
    const image = { name: "00001-rm-clickdrop-chromium-scan-300.png", toolchain: "chromium", medium: "image" } as const;
    scoreFile(out, file(image), [read({ address: { name: "TomJones", address: [], postcode: "OX18 3UQ" } } as never)]);
    scoreFile(out, file(image), [read({ address: { name: "Tom-Jones", address: [], postcode: "OX18 3UQ" } } as never)]);
    scoreFile(out, file(image), [read({})]);
    expect(out.all.right.recipientName).toBe(3);
    expect(out.byMedium.get("image")!.gapsLost).toEqual([{ where: "00001-rm-clickdrop-chromium-scan-300.png [VB442550835GB]", field: "recipientName", got: "TomJones", want: "Tom Jones" }]);
    expect(generatedReport(out)).toContain("gaps lost, counted right): 1: image 1 of 3 right recipients");
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

  it("tells a wrong value from a missed one in every field", () => {
    const out = newGeneratedAccuracy();
    const want = { courier: "royalmail", trackingCode: "VB442550835GB", recipientName: "Tom Jones", recipientPostcode: "OX18 3UQ", senderName: "Ann Lee", service: "Tracked 24", weightInGrams: 500 } as const;
    scoreFile(out, file({ labels: [want] }), [read({ address: { name: "SMITH", address: [], postcode: null }, classId: undefined, weightInGrams: 750 } as never)]);
    const kinds = Object.fromEntries(out.all.misses.map((m) => [m.field, m.kind]));
    expect(kinds).toEqual({ recipientName: "wrong", recipientPostcode: "missed", senderName: "missed", service: "missed", weight: "wrong" });
    expect(out.all.wrong).toMatchObject({ recipientName: 1, weight: 1, recipientPostcode: 0, senderName: 0, trackingCode: 0 });
    expect(out.byMedium.get("text-pdf")!.wrong.recipientName).toBe(1);
  });

  it("a sender read where none is printed, and a weight read where none is printed, are wrong", () => {
    const out = newGeneratedAccuracy();
    scoreFile(out, file(), [read({ fromAddress: { name: "Packing List", address: [], postcode: null }, weightInGrams: 1200 } as never)]);
    expect(out.all.wrong.senderName).toBe(1);
    expect(out.all.wrong.weight).toBe(1);
    expect(out.all.total.weight).toBe(1);
    // No weight printed and none read: the weight is not scored at all.
    const quiet = newGeneratedAccuracy();
    scoreFile(quiet, file(), [read({})]);
    expect(quiet.all.total.weight).toBe(0);
  });

  it("a code missed while the file read another is a wrong code; missed with nothing read, only missed", () => {
    const out = newGeneratedAccuracy();
    scoreFile(out, file(), [read({ trackingCode: "SG577041359GB" })]);
    expect(out.all.wrong.trackingCode).toBe(1);
    // The fields of a label whose code was not read are missed, not wrong: no label of the file carries them.
    expect(out.all.wrong.recipientName).toBe(0);
    const none = newGeneratedAccuracy();
    scoreFile(none, file(), []);
    expect(none.all.wrong.trackingCode).toBe(0);
    expect(none.all.total.trackingCode - none.all.right.trackingCode).toBe(1);
    // Two labels of one file, one read: the other is missed, not wrong (the code read is the file's own).
    const two = newGeneratedAccuracy();
    const second = { ...file().labels[0], trackingCode: "SG577041359GB" };
    scoreFile(two, file({ labels: [file().labels[0], second] }), [read({})]);
    expect(two.all.wrong.trackingCode).toBe(0);
    expect(two.all.right.trackingCode).toBe(1);
  });

  it("a document that is not a label is right when refused, and each label read from it is a credit taken", () => {
    const out = newGeneratedAccuracy();
    const doc = (name: string, family: string) => file({ name, family, labels: [] });
    scoreFile(out, doc("00007-manifest-pdf-lib-text.pdf", "manifest"), [], "ImportError: This file lists parcels");
    scoreFile(out, doc("00008-customs-form-pdfkit-text.pdf", "customs-form"), [read({})]);
    expect(out.labels).toBe(0);
    expect(out.documents.files).toBe(2);
    expect(out.documents.charged).toEqual([{ file: "00008-customs-form-pdfkit-text.pdf", family: "customs-form", codes: ["VB442550835GB"] }]);
    expect(out.documents.byFamily.get("manifest")).toEqual({ files: 1, charged: 0 });
    expect([...out.documents.refusals.entries()]).toEqual([["This file lists parcels", 1]]);
    // Neither a wrong code nor a failure of a label's reading.
    expect(out.wrongCodes).toEqual([]);
    expect(out.all.failures).toEqual([]);
  });

  it("fails a wrong-value bar of 0.3% only on more wrong values than such a reader gives but once in a hundred runs", () => {
    // 270 text labels: a reader wrong on 0.3% gives 0.81 wrong values a run; three or fewer are that reader's luck.
    expect([0, 1, 2, 3, 4, 5].map((k) => tooManyWrong(k, 270))).toEqual([false, false, false, false, true, true]);
    // 3,000 labels: nine are the bar itself, eighteen are not luck.
    expect(tooManyWrong(9, 3000)).toBe(false);
    expect(tooManyWrong(18, 3000)).toBe(true);
  });
});
