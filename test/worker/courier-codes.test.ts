import { describe, expect, it } from "vitest";
import { isValidEvriCode, normaliseEvriCode } from "../../worker/couriers/evri/code";
import { normalisePostcode } from "../../worker/lib/uk-postcode";
import { isValidRoyalMailCode, normaliseRoyalMailCode } from "../../worker/couriers/royalmail/code";

describe("Evri tracking codes", () => {
  it("accepts the real examples and their dashed forms", () => {
    expect(isValidEvriCode("H04AQA0004726589")).toBe(true);
    expect(isValidEvriCode("H0595C0000314450")).toBe(true);
    expect(isValidEvriCode(normaliseEvriCode("H-04AQ-A-000472658-9"))).toBe(true);
  });
  it("refuses a wrong check digit, a wrong shape and a wrong length", () => {
    expect(isValidEvriCode("H04AQA0004726580")).toBe(false);
    expect(isValidEvriCode("X04AQA0004726589")).toBe(false);
    expect(isValidEvriCode("H04AQA000472658")).toBe(false);
  });
  it("accepts legacy 16-digit Hermes codes", () => {
    expect(isValidEvriCode(normaliseEvriCode("10-712-98-01011449-6"))).toBe(true);
  });
});

describe("Royal Mail S10 codes", () => {
  it("accepts the real examples, spaced or not", () => {
    expect(isValidRoyalMailCode("SG577041359GB")).toBe(true);
    expect(isValidRoyalMailCode("ZW924750388GB")).toBe(true);
    expect(isValidRoyalMailCode(normaliseRoyalMailCode("VB 4425 5083 5GB"))).toBe(true);
  });
  it("refuses a wrong check digit", () => {
    expect(isValidRoyalMailCode("SG577041358GB")).toBe(false);
  });
});

describe("UK postcodes", () => {
  it("normalises to 'outward inward'", () => {
    expect(normalisePostcode("ox183uq")).toBe("OX18 3UQ");
    expect(normalisePostcode("SP6 1PA")).toBe("SP6 1PA");
    expect(normalisePostcode(" sw1a  1aa ")).toBe("SW1A 1AA");
  });
});
