import { describe, expect, it } from "vitest";
import { marksDisagree, withoutDisputedMarks } from "../../worker/label-import/ocr/small-marks";
import type { LabelDetails } from "../../shared/label";
import { personName, shopName } from "../../bench/label-generator/world";
import { freshSeed, Rng } from "../../bench/label-generator/random";
import { namePage, plain } from "../fixtures/name-page";

// Drawn names, a fresh seed each run, printed (replay with SEED=…); never asserts what a seed drew.
const SEED = process.env.SEED || freshSeed();
console.log(`marks over small letters (drawn cases): SEED=${SEED}`);

/** Small letters with a mark over them (Latin-1, which the standard faces draw), by the letter they stand on. */
const MARKED: Record<string, string> = { a: "áàäâ", e: "éèëê", o: "óöô", u: "úüù", n: "ñ", i: "ïí" };

/** `name` with a drawn letter of MARKED (a small one, not its first) given a mark; null where it has none. */
function marked(rng: Rng, name: string): string | null {
  const at = [...name].flatMap((c, i) => (MARKED[c] && i > 0 && /\p{L}/u.test(name[i - 1]) ? [i] : []));
  if (!at.length) return null;
  const i = rng.pick(at);
  return name.slice(0, i) + rng.pick([...MARKED[name[i]]]) + name.slice(i + 1);
}

/**
 * A drawn name in small letters with a letter a mark may stand on, and that name with the mark; a plain i or j left in it:
 * an invented mark is judged only where the page shows the name's dots, an acute over an i against another's dot.
 */
function names(rng: Rng): { name: string; withMark: string } {
  for (;;) {
    const name = plain(rng.chance(0.6) ? personName(rng) : shopName(rng)).replace(/['’]/g, "");
    const withMark = /\p{Ll}/u.test(name) && name !== name.toUpperCase() ? marked(rng, name) : null;
    if (withMark && /[ij]/.test(withMark)) return { name, withMark };
  }
}

describe("a mark over a name's small letters", () => {
  it("finds a mark the reading lost and one it invented, and none over a name read as printed", async () => {
    const rng = new Rng(`${SEED}:small`);
    const N = 16;
    let lost = 0;
    let invented = 0;
    const missed: string[] = [];
    const wrong: string[] = [];
    for (let k = 0; k < N; k++) {
      const { name, withMark } = names(rng);
      // Printed with the mark, read plain: the mark lost.
      const a = await namePage(rng, withMark);
      if (marksDisagree(a.page, a.line(name), name)) lost++;
      else missed.push(`lost: ${withMark} (${a.media})`);
      if (marksDisagree(a.page, a.line(withMark), withMark)) wrong.push(`${withMark} read right (${a.media})`);
      // Printed plain, read with a mark: the mark invented.
      const b = await namePage(rng, name);
      if (marksDisagree(b.page, b.line(withMark), withMark)) invented++;
      else missed.push(`invented: ${withMark} for ${name} (${b.media})`);
      if (marksDisagree(b.page, b.line(name), name)) wrong.push(`${name} read right (${b.media})`);
    }
    // A name read as printed flagged is a right name made none: never.
    expect(wrong).toEqual([]);
    // Letters run together or broken (bold type binarised, Times' serifs touching) are not judged: a miss, the name as read.
    expect(lost + invented, `not found: ${missed.join("; ")}`).toBeGreaterThanOrEqual(N);
  }, 180_000);

  it("finds an acute or a grave lost over a name's one i, where no other dot stands to weigh it against", async () => {
    const rng = new Rng(`${SEED}:one-i`);
    const N = 48;
    const missed: string[] = [];
    const wrong: string[] = [];
    for (let k = 0; k < N; k++) {
      // A person's name with one i or j, after no f, and no apostrophe: 'María Khan' read 'Maria Khan'.
      let name = "";
      while (!/^[^ij']*[ij][^ij']*$/.test(name) || /f[ij]/i.test(name)) name = plain(personName(rng));
      const at = name.search(/[ij]/);
      const withMark = name.slice(0, at) + (name[at] === "i" ? rng.pick(["í", "ì"]) : name[at]) + name.slice(at + 1);
      if (withMark === name) {
        k--;
        continue;
      }
      const a = await namePage(rng, withMark);
      if (!marksDisagree(a.page, a.line(name), name)) missed.push(`${withMark} (${a.media})`);
      // The same name printed plain and read so keeps its name: an i's dot is no acute.
      const b = await namePage(rng, name);
      if (marksDisagree(b.page, b.line(name), name)) wrong.push(`${name} read right (${b.media})`);
    }
    expect(wrong).toEqual([]);
    // Thermal prints binarise a 150 DPI acute into a speck no wider than a dot, and the standard faces' acutes blurred stand
    // less aslant than the generator's Chromium faces' (0.72 to 0.85 on runs H and I): about six in ten are found, the rest a
    // miss, as before. Sized for the bar: 12 drawn failed it on seed 2024402834 (4 found, 2 Dec: at 63% a run of 12 falls
    // under 5 about one seed in 22); six seeds of 48 found 28-34 (182 of 288), and 48 fall under 20 about once in 1,500.
    expect(N - missed.length, `not found: ${missed.join("; ")}`).toBeGreaterThanOrEqual(N * 0.4);
  }, 180_000);

  it("makes only the disputed name none, recipient or sender", async () => {
    const rng = new Rng(`${SEED}:names`);
    let drawn = names(rng);
    let p = await namePage(rng, drawn.withMark);
    for (let k = 0; k < 8 && !marksDisagree(p.page, p.line(drawn.name), drawn.name); k++) {
      drawn = names(rng);
      p = await namePage(rng, drawn.withMark);
    }
    const line = p.line(drawn.name);
    expect(marksDisagree(p.page, line, drawn.name)).toBe(true);
    const address = (name: string) => ({ name, address: [], postcode: "", countryCode: "GB" });
    const d = { address: address(drawn.name), fromAddress: address("Atlas Soap Co") } as unknown as LabelDetails;
    const out = withoutDisputedMarks(d, [line], p.page);
    expect(out.address?.name).toBe("");
    expect(out.fromAddress?.name).toBe("Atlas Soap Co");
    const sender = withoutDisputedMarks({ fromAddress: address(drawn.name) } as unknown as LabelDetails, [line], p.page);
    expect(sender.fromAddress?.name).toBe("");
  }, 120_000);
});

describe("a name wrapped over two lines", () => {
  it("is judged on both lines: a mark lost on either makes it none, one read as printed stays (fresh seed 2942110715, file 1786)", async () => {
    const rng = new Rng(`${SEED}:wrapped`);
    const N = 12;
    let found = 0;
    const wrong: string[] = [];
    const address = (name: string) => ({ name, address: [], postcode: "", countryCode: "GB" });
    for (let k = 0; k < N; k++) {
      const drawn = names(rng);
      const [printed, read] = [drawn.withMark.split(" "), drawn.name.split(" ")];
      if (printed.length < 2) continue;
      // Wrapped after its first word, as a routing label's narrow column does.
      const p = await namePage(rng, printed[0], 0, printed.slice(1).join(" "));
      const lines = (words: string[]) => [p.line(words[0]), p.lineUnder(words.slice(1).join(" "))];
      // Read without its mark: none where the mark is found on its line alone, never where it is not.
      const alone = printed.findIndex((w, i) => w !== read[i]);
      const line = alone === 0 ? p.line(read[0]) : p.lineUnder(read.slice(1).join(" "));
      const part = alone === 0 ? read[0] : read.slice(1).join(" ");
      const judged = marksDisagree(p.page, line, part);
      const lost = withoutDisputedMarks({ address: address(drawn.name) } as unknown as LabelDetails, lines(read), p.page).address?.name;
      expect(lost, `${drawn.name} for ${drawn.withMark} (${p.media})`).toBe(judged ? "" : drawn.name);
      if (judged) found++;
      // Read as printed: kept.
      const right = withoutDisputedMarks({ address: address(drawn.withMark) } as unknown as LabelDetails, lines(printed), p.page).address?.name;
      if (right !== drawn.withMark) wrong.push(`${drawn.withMark} read right (${p.media})`);
    }
    expect(wrong).toEqual([]);
    expect(found, "marks lost found on a wrapped name's lines").toBeGreaterThanOrEqual(2);
  }, 180_000);
});
