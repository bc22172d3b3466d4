import { describe, expect, it } from "vitest";
import { townDisagrees } from "../../worker/lib/post-towns";
import { hyphenJoined } from "../../worker/label-import/ocr/text";
import { freshSeed, Rng } from "../../bench/label-generator/random";
import { districts, postcodeIn } from "../../bench/label-generator/world";

const SEED = freshSeed();

describe("a postcode of another area than the town its address names (lib/post-towns.ts)", () => {
  it("catches the first letter lost or misread ('Leeds' over 'S6 7PT' for LS6 7PT: fresh seed 1333315663, file 1504)", () => {
    expect(townDisagrees("S6 7PT", ["Suite 42, Priory Mews", "61 Jubilee Way", "Kirkstall", "Leeds"])).toBe(true);
    expect(townDisagrees("LS6 7PT", ["Suite 42, Priory Mews", "61 Jubilee Way", "Kirkstall", "Leeds"])).toBe(false);
    expect(townDisagrees("OX18 5WN", ["157 HOLLY PARADE", "BURFORD", "OXFORDSHIRE"])).toBe(false);
    expect(townDisagrees("M14 3LJ", ["184 WELLINGTON HILL", "Watford WD17 2QF"])).toBe(true);
    // A neighbouring block's postcode with a town's line ('KY16 4EA' for CV37 8AP, as fresh seed 1828812012's file 3085 gave,
    // where the town was printed under the postcode's line, outside the lines the address was given, and not asked).
    expect(townDisagrees("KY16 4EA", ["Suite 36, Kingsway House", "49 Castle Square", "Stratford-upon-Avon"])).toBe(true);
    expect(townDisagrees("CV37 8AP", ["49 Castle Square", "Stratford-upon-Avon"])).toBe(false);
    // A city's name over a suburb's postcode, a county, a village sharing a town's name, a street: nothing said.
    for (const [postcode, line] of [["CR0 1AB", "London"], ["SK4 2AB", "Manchester"], ["TS24 7AB", "Durham"], ["CB6 2AB", "Sutton"], ["DL10 4AB", "Richmond"], ["ST5 1AB", "Newcastle"], ["BD1 1AB", "Leeds Road"], ["NR4 7AB", "Keswick"], ["BA14 6AB", "Holt"], ["BT19 1AB", "Bangor"]])
      expect(townDisagrees(postcode, ["1 Church Lane", line]), `${postcode} ${line}`).toBe(false);
  });

  it(`never blames a drawn address whose town and postcode go together; catches its area changed (drawn, SEED=${SEED})`, () => {
    let caught = 0;
    for (let k = 0; k < 500; k++) {
      const rng = new Rng(`${SEED}/post-towns/${k}`);
      const d = rng.pick(districts);
      const postcode = postcodeIn(rng, d);
      const town = rng.chance(0.5) ? d.town.toUpperCase() : d.town;
      const lines = rng.chance(0.5) ? ["12 Mill Lane", town, d.county].filter(Boolean) : ["12 Mill Lane", `${town} ${postcode}`];
      expect(townDisagrees(postcode, lines), JSON.stringify({ k, postcode, lines })).toBe(false);
      // Its area's first letter lost, or the area another one's: caught where the town is one the table holds, else nothing.
      const other = rng.pick(districts.filter((o) => o.town !== d.town && o.district.replace(/\d.*$/, "") !== d.district.replace(/\d.*$/, "")));
      const moved = postcodeIn(rng, other);
      if (townDisagrees(moved, lines)) caught++;
    }
    expect(caught).toBeGreaterThan(150);
  });
});

describe("a hyphen read with a gap beside it", () => {
  it.each([
    ["ELLIS- JONES", "ELLIS-JONES"],
    ["Stratford -upon-Avon", "Stratford-upon-Avon"],
    ["Mx Ana Ellis- Jones", "Mx Ana Ellis-Jones"],
  ])("%j is one word: %j", (read, line) => expect(hyphenJoined(read)).toBe(line));

  it.each(["Evri - Next Day", "ELLIS-JONES", "Flat 5 - 7", "Ref: SO- 123"])("%j stays as read", (read) => expect(hyphenJoined(read)).toBe(read));
});
