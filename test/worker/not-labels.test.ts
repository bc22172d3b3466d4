import { describe, expect, it } from "vitest";
import { documentKind } from "../../worker/label-import/documents";
import { parseLabel } from "../../worker/label-import/parse-label";
import type { TextLine } from "../../worker/label-reading/text";
import type { Barcode } from "../../worker/images/zxing";

// Documents that hold a valid tracking code but are no label (issue 36, class 6): refused, nothing charged; labels
// beside such documents (a CN22 next to the label, a packing slip) still read. The upload's answer and its
// charge: import-route.test.ts.

const S10 = "VB442550835GB";
const EVRI = "H04AQA0004726589";

/** Lines at 9 pt from (x, y) down, 12 pt apart. */
const block = (x: number, y: number, texts: string[], size = 9): TextLine[] => texts.map((text, i) => ({ text, x, y: y + i * size * 1.35, size, width: text.length * size * 0.5 }));
const code128 = (text: string, x = 20, y = 300): Barcode => ({ format: "Code128", text, box: { x, y, w: 200, h: 50 } });

/** What the page is, from its lines and barcodes: null when it reads as a label. */
function kindOf(lines: TextLine[], barcodes: Barcode[] = []): string | null {
  const details = parseLabel({ lines, barcodes });
  expect(details, "the page holds a valid code").not.toBeNull();
  return documentKind({ lines, barcodes }, details!);
}

const cn22 = (x: number, y: number, code: string | null) =>
  block(x, y, [
    "CUSTOMS DECLARATION CN 22",
    "May be opened officially",
    "Designated operator: Royal Mail",
    ...(code ? ["VB 4425 5083 5GB"] : []),
    "[X] Gift [ ] Commercial sample [ ] Documents",
    "Quantity and detailed description of contents Weight (kg) Value",
    "2 x Cotton T-shirt 0.40 £24.00",
    "HS tariff number 610910 Country of origin United Kingdom",
    "I, the undersigned, whose name and address are given on the item, certify",
    "Date and sender's signature 12/11/2026 Smith",
  ], 6);

describe("documents that are not labels", () => {
  it("a customs declaration alone is refused, though it prints the item's S10 as a barcode", () => {
    expect(kindOf(cn22(12, 12, S10), [code128(S10)])).toBe("customs declaration");
  });

  it("a CN23 with the sender's and the addressee's addresses is refused", () => {
    const lines = [
      ...block(20, 20, ["CUSTOMS DECLARATION CN 23", "May be opened officially"], 12),
      ...block(20, 80, ["From", "Priya Patel", "12 Mill Lane", "Leeds", "LS6 2AB", "United Kingdom"]),
      ...block(300, 80, ["To", "Jean Le Brun", "12 Rue de Gorey", "St Helier", "JE2 4UH", "Jersey"]),
      ...block(20, 200, ["Detailed description of contents Quantity Net weight Value HS tariff number Country of origin", "Paperback book 1 0.30 £8.00 490199 United Kingdom", "I certify that the particulars given in this customs declaration are correct", "Date and sender's signature"]),
    ];
    expect(kindOf(lines, [code128(S10)])).toBe("customs declaration");
  });

  it("a label with a CN22 beside it reads (its recipient's block stands outside the form)", () => {
    const label = [...block(20, 20, ["evri", "NEXT DAY", "Deliver to:"], 10), ...block(20, 70, ["Jane Smith", "14 Acacia Avenue", "Manchester", "M1 1AE"], 12), ...block(20, 240, [EVRI], 10)];
    expect(kindOf([...label, ...cn22(320, 20, null)], [code128(EVRI)])).toBeNull();
    // Even when the form prints the label's code too.
    expect(kindOf([...label, ...cn22(320, 20, EVRI)], [code128(EVRI)])).toBeNull();
  });

  it("a page listing three codes or more one under another is a manifest, whatever its title", () => {
    const rows = ["1 VB442550835GB Tom Jones OX18 3UQ Tracked 24", "2 SG577041359GB Ann Lee LS6 2AB Tracked 48", "3 ZW924750388GB Raj Patel M1 1AE Tracked 24"];
    expect(kindOf(block(30, 100, rows, 8), [])).toBe("manifest");
    // The same codes each on a label of a sheet, half a page apart, are labels.
    const sheet = rows.flatMap((r, i) => block(30 + (i % 2) * 300, 40 + Math.floor(i / 2) * 420, ["Deliver to:", "Tom Jones", "1 High St", "Oxford", "OX18 3UQ", r.split(" ")[1]], 10));
    expect(listsNoManifest(sheet)).toBe(true);
  });

  it("a collection summary of one parcel is refused by its words: no label's mark is on it", () => {
    const lines = block(30, 40, ["Royal Mail", "Collection summary", "Account 0123456789 Collection date 12/11/2026", "# Tracking number Recipient Postcode Service Weight", "1 VB 4425 5083 5GB Tom Jones OX18 3UQ Tracked 24 1.20", "Total items: 1"], 9);
    expect(kindOf(lines)).toBe("manifest");
  });

  it("a tracking page, an order e-mail and a return QR code are refused", () => {
    const tracking = block(30, 30, ["Track your item | Royal Mail", "Track your item", `Your item number ${S10}`, "Delivered", "Expected delivery Tuesday 12 November", "Tracking history", "12 Nov 2026 09:14 Delivered LEEDS DO", "© Royal Mail Group Ltd 2026 Cookies Privacy"], 10);
    expect(kindOf(tracking)).toBe("tracking page");
    const mail = block(30, 30, ["Your order #10234 has been dispatched", "From: Saltbox Studio <orders@example.co.uk>", "Hi Jane,", "Great news! Your order is on its way.", `Tracking number: ${S10}`, "Delivery address", "Jane Smith", "14 Acacia Avenue", "Manchester", "M1 1AE", "Subtotal £24.00", "Total £26.95"], 10);
    expect(kindOf(mail)).toBe("order e-mail");
    const qr = block(30, 30, ["Your return QR code", "Show this QR code at any Post Office counter and we will print your label for you.", `Tracking number: ${S10}`, "Returning to:", "Saltbox Studio", "Unit 4, Dock Lane", "Whitby", "YO21 3AB"], 10);
    expect(kindOf(qr, [{ format: "QRCode", text: S10, box: { x: 100, y: 100, w: 150, h: 150 } }])).toBe("return QR code");
  });

  it("a marketplace label that names the order reads: its code is its barcode's", () => {
    const lines = block(20, 20, ["eBay", "Shipped with eBay delivery", "Your order 12-34567-89012", "Evri Next Day", "Ship to", "Jane Smith", "14 Acacia Avenue", "Manchester", "M1 1AE", EVRI], 10);
    expect(kindOf(lines, [code128(EVRI)])).toBeNull();
  });
});

/** True when the sheet's lines read as labels, not as one list of parcels. */
function listsNoManifest(lines: TextLine[]): boolean {
  const details = parseLabel({ lines, barcodes: [] });
  return details !== null && documentKind({ lines, barcodes: [] }, details) !== "manifest";
}
