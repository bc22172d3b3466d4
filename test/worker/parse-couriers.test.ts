import { describe, expect, it } from "vitest";
import { parseEvriLabel } from "../../worker/couriers/evri/parse";
import { parseRoyalMailLabel, parseRoyalMailPayload } from "../../worker/couriers/royalmail/parse";
import type { TextLine } from "../../worker/label-import/text";
import { parseLabel } from "../../worker/label-import/pipeline";

const lines = (...texts: [number, string][]): TextLine[] => texts.map(([x, text], i) => ({ text, x, y: i * 14, size: 10 }));

describe("Royal Mail 2D payloads", () => {
  const real =
    "JGB 6209F239044455800000A19D44600002501300419300419TPN01  VB442550835GB    14                                 OX183UQ9ZGB SP61PA   SP61PA";

  it("reads the documented parcel payload", () => {
    expect(parseRoyalMailPayload(real)).toEqual({
      infoType: "6",
      trackingCode: "VB442550835GB",
      productCode: "TPN01",
      dates: ["2019-04-30T00:00:00.000Z", "2019-04-30T00:00:00.000Z"],
      destinationPostcode: "OX18 3UQ",
      deliveryPointSuffix: "9Z",
      countryCode: "GB",
      returnPostcode: "SP6 1PA",
    });
  });

  it("survives collapsed spacing and full-width characters", () => {
    const collapsed = real.replace(/\s+/g, " ").replace("TPN01", "ＴＰＮ01");
    expect(parseRoyalMailPayload(collapsed)).toMatchObject({ trackingCode: "VB442550835GB", productCode: "TPN01", destinationPostcode: "OX18 3UQ", returnPostcode: "SP6 1PA" });
  });

  it("reads the international example", () => {
    const intl =
      "JGB 6208620D02442190000000098351600   1230516230516MTA01  RS258658803GB    DEAD REI I SOFTBANK JP             NANIWAKUSITADERA2-1-1704  JP IG103TR  IG103TR  S";
    expect(parseRoyalMailPayload(intl)).toMatchObject({ trackingCode: "RS258658803GB", productCode: "MTA01", dates: ["2016-05-23T00:00:00.000Z", "2016-05-23T00:00:00.000Z"] });
  });

  it("ignores text that is not a JGB payload", () => {
    expect(parseRoyalMailPayload("H04AQA0004726589|M11AE")).toBeNull();
  });
});

describe("courier parsers on text", () => {
  it("finds a spaced S10 code with a valid check digit and the recipient block", () => {
    const d = parseRoyalMailLabel({
      lines: lines([0, "Royal Mail Tracked 48"], [0, "Deliver to:"], [0, "Ann Lee"], [0, "3 High Street, Bristol"], [0, "bs14dj"], [0, "SG 5770 4135 9GB"], [0, "Weight: 450g"]),
      barcodes: [],
    });
    expect(d).toMatchObject({
      courier: "royalmail",
      trackingCode: "SG577041359GB",
      classId: "Tracked 48",
      weightInGrams: 450,
      address: { name: "Ann Lee", address: ["3 High Street, Bristol"], postcode: "BS1 4DJ", countryCode: "GB" },
    });
  });

  it("rejects an S10 code whose check digit is wrong", () => {
    expect(parseRoyalMailLabel({ lines: lines([0, "Royal Mail"], [0, "SG 5770 4135 8GB"]), barcodes: [] })).toBeNull();
  });

  it("reads an Evri code written with dashes, the service and the sender on one line", () => {
    const d = parseEvriLabel({
      lines: lines([0, "evri 48 HOUR"], [0, "From: Bob Ltd, 1 Mill Road, Leeds LS1 1AA"], [0, "H-04AQ-A-000472658-9"], [0, "Dimensions: 30 x 20 x 10 cm"]),
      barcodes: [],
    });
    expect(d).toMatchObject({
      courier: "evri",
      trackingCode: "H04AQA0004726589",
      isNextDay: false,
      serviceCode: "48 HOUR",
      dimensionsCm: [30, 20, 10],
      fromAddress: { name: "Bob Ltd", address: ["1 Mill Road", "Leeds"], postcode: "LS1 1AA" },
    });
  });

  it("takes a legacy 16-digit Hermes ITF barcode only on a page that says Evri or Hermes", () => {
    const itf = [{ format: "ITF", text: "1071298010114496", box: { x: 0, y: 0, w: 1, h: 1 } }];
    expect(parseEvriLabel({ lines: lines([0, "Hermes"]), barcodes: itf })?.trackingCode).toBe("1071298010114496");
    expect(parseEvriLabel({ lines: lines([0, "Parcel"]), barcodes: itf })).toBeNull();
  });

  it("gives no label for a page of another courier or no courier", () => {
    expect(parseLabel({ lines: lines([0, "DPD Predict"], [0, "Parcel 15501234567890"]), barcodes: [] })).toBeNull();
    expect(parseLabel({ lines: lines([0, "INVOICE 10023"], [0, "Total 12.00"]), barcodes: [] })).toBeNull();
  });
});
