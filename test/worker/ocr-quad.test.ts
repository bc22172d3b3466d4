import { describe, expect, it } from "vitest";
import { readLabelPage } from "../../worker/label-import/ocr-job";
import { evenLight, paperQuad, rectifiedPaper } from "../../worker/label-import/ocr/quad";
import { type Pixmap, toGrey } from "../../worker/images/raster";
import { labelPixels } from "../../worker/label-import/label-pixels";
import { fixture } from "./import-fixtures";
import { pageBarcodes } from "../../worker/label-import/barcodes";
import { decodeBarcodes } from "../../worker/images/zxing";
import { seeded } from "../fixtures/random";

type Point = [number, number];

/**
 * A phone photo drawn here: a table (wood: brown with grain along x) and a label lying on it as the
 * quadrilateral `corners` (clockwise from the label's own top-left), white paper, a bar of print at
 * label coordinates (u 0.1-0.6, v 0.1-0.14), and a shadow (paper and table alike darkened to 55%)
 * over x < shadowX (x > shadowX with `right`), its edge sharp or, with `soft`, darkening over that many pixels; with
 * `fall`, the light falling off down the picture by that share (a lamp above its top); with `speckle`, the table
 * speckled by ±6 grey levels (cloth, a desk's laminate) instead of wood's grain.
 */
/** How a photo's table and light are drawn (photo). */
interface Scene {
  shadowX?: number;
  table?: [number, number, number];
  soft?: number;
  right?: boolean;
  fall?: number;
  speckle?: () => number;
}

function photo(w: number, h: number, corners: Point[], o: Scene = {}): Pixmap {
  const data = new Uint8ClampedArray(w * h * 4);
  const [r, g, b] = o.table ?? [150, 105, 60];
  const inside = (x: number, y: number) =>
    corners.every((p, i) => {
      const q = corners[(i + 1) % 4];
      return (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0]) >= 0;
    });
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const grain = o.speckle ? 12 * (o.speckle() - 0.5) : 18 * Math.sin(y / 3 + Math.sin(x / 40) * 2);
      const paper = inside(x + 0.5, y + 0.5);
      const into = o.shadowX === undefined ? Number.NEGATIVE_INFINITY : o.right ? x - o.shadowX : o.shadowX - x;
      const light = (1 - 0.45 * (o.soft ? Math.min(1, Math.max(0, into / o.soft + 0.5)) : into > 0 ? 1 : 0)) * (1 - ((o.fall ?? 0) * y) / h);
      const i = (y * w + x) * 4;
      data[i] = (paper ? 246 : r + grain) * light;
      data[i + 1] = (paper ? 244 : g + grain) * light;
      data[i + 2] = (paper ? 240 : b + grain) * light;
      data[i + 3] = 255;
    }
  }
  // Print splatted through the bilinear patch of the corners (close to the perspective map at these slants).
  const at = (u: number, v: number): Point => {
    const [tl, tr, br, bl] = corners;
    const top: Point = [tl[0] + (tr[0] - tl[0]) * u, tl[1] + (tr[1] - tl[1]) * u];
    const bottom: Point = [bl[0] + (br[0] - bl[0]) * u, bl[1] + (br[1] - bl[1]) * u];
    return [top[0] + (bottom[0] - top[0]) * v, top[1] + (bottom[1] - top[1]) * v];
  };
  for (let u = 0.1; u <= 0.6; u += 0.001) {
    for (let v = 0.1; v <= 0.14; v += 0.001) {
      const [x, y] = at(u, v).map(Math.floor);
      data.fill(20, (y * w + x) * 4, (y * w + x) * 4 + 3);
    }
  }
  return { data, width: w, height: h };
}

const near = (got: Point[] | null, want: Point[], tolerance: number) => {
  expect(got).not.toBeNull();
  for (const [i, p] of got!.entries()) expect(Math.hypot(p[0] - want[i][0], p[1] - want[i][1]), `corner ${i}: ${p} for ${want[i]}`).toBeLessThan(tolerance);
};

/**
 * Photos of a label turned up to 12°, its far edge 80-95% of the near one, each on the table and in the light `scene` draws
 * for it: how many papers paperQuad found, each within 8 px of the label's corners (one found elsewhere fails the test).
 */
function foundOnTables(rand: () => number, drawn: number, scene: (label: Point[]) => Scene): number {
  let found = 0;
  for (let n = 0; n < drawn; n++) {
    const turn = ((rand() - 0.5) * 24 * Math.PI) / 180;
    const [w, h, far] = [380 + rand() * 60, 480 + rand() * 60, 0.8 + rand() * 0.15];
    const own: Point[] = [[(-w / 2) * far, -h / 2], [(w / 2) * far, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]];
    const label = own.map(([x, y]): Point => [350 + x * Math.cos(turn) - y * Math.sin(turn), 380 + x * Math.sin(turn) + y * Math.cos(turn)]);
    const o = scene(label);
    const quad = paperQuad(photo(700, 760, label, o));
    if (!quad) continue;
    const off = Math.max(...quad.map((p, i) => Math.hypot(p[0] - label[i][0], p[1] - label[i][1])));
    expect(off, `photo ${n}: ${JSON.stringify(o)}`).toBeLessThan(8);
    found++;
  }
  return found;
}

describe("a photo of a label lying on a table, drawn again upright", () => {
  it("finds the four corners of a label photographed at a slant and turned a quarter and 8° more, top edge first", () => {
    // The label's own top-left is at the right (turned clockwise about 98°); the far edge (its right) is shorter: a keystone.
    const label: Point[] = [[690, 120], [660, 560], [170, 510], [215, 170]];
    const pic = photo(800, 640, label);
    // Read in the least turn: the top edge is the most level one, left to right, with the paper below it.
    near(paperQuad(pic), [label[3], label[0], label[1], label[2]], 6);
  });

  it("draws the paper as a rectangle with its print where it was printed, and evens out a shadow across it", () => {
    const label: Point[] = [[260, 80], [620, 110], [650, 620], [200, 600]];
    const pic = photo(800, 700, label, { shadowX: 380 });
    const quad = paperQuad(pic);
    near(quad, label, 6);
    const flat = rectifiedPaper(toGrey(pic), quad!)!;
    // About as wide and tall as the edges are long (top 361, bottom 450; left 520, right 511).
    expect(flat.width).toBeGreaterThan(390);
    expect(flat.width).toBeLessThan(420);
    expect(flat.height).toBeGreaterThan(500);
    expect(flat.height).toBeLessThan(530);
    const at = (g: typeof flat, u: number, v: number) => g.data[Math.round(v * g.height) * g.width + Math.round(u * g.width)];
    // The bar of print at u 0.1-0.6, v 0.1-0.14, paper around it; the shadow over the left of the paper.
    expect(at(flat, 0.35, 0.12)).toBeLessThan(60);
    expect(at(flat, 0.35, 0.3)).toBeGreaterThan(200);
    expect(at(flat, 0.05, 0.5)).toBeLessThan(150);
    const even = evenLight(flat);
    expect(at(even, 0.05, 0.5)).toBeGreaterThan(200);
    expect(at(even, 0.9, 0.5)).toBeGreaterThan(200);
    expect(at(even, 0.35, 0.12)).toBeLessThan(80);
  });

  it("finds the paper on a light table and in shadow: paper is colourless, wood is not", () => {
    const label: Point[] = [[150, 100], [560, 130], [540, 640], [120, 610]];
    near(paperQuad(photo(700, 760, label, { table: [205, 170, 120], shadowX: 330 })), label, 8);
  });

  // Drawn, a fresh seed each run: sixteen photos on a pale wooden table (a little colour), the paper's left or right edge
  // under a soft shadow reaching 40-80 px in, turned up to 12° with its far edge 80-95% of the near one. The paper there
  // scores under Otsu's split between paper and table; main until 30 Nov found 48% of such photos (its four corners cut
  // a rounded corner short, and no split under Otsu's was tried), this finds 93% (300 drawn). Twelve of sixteen found,
  // each within 8 px: a run fails under 1% of seeds.
  const seed = Number(process.env.SEED) || Math.floor(Math.random() * 2 ** 31);
  it(`finds the paper with a soft shadow across its edge on a pale table, and never a wrong one (seed ${seed})`, () => {
    const { rand } = seeded(seed);
    const DRAWN = 16;
    const found = foundOnTables(rand, DRAWN, (label) => {
      const [grey, warm] = [185 + rand() * 30, 22 + rand() * 18];
      const right = rand() < 0.5;
      const edge = right ? Math.max(label[1][0], label[2][0]) : Math.min(label[0][0], label[3][0]);
      return { table: [grey + warm / 2, grey, grey - warm], shadowX: edge + (right ? -1 : 1) * (40 + rand() * 40), soft: 60 + rand() * 90, right };
    });
    console.log(`ocr quad (soft shadows): seed ${seed}, ${found} of ${DRAWN} found`);
    expect(found, `papers found of ${DRAWN} (seed ${seed})`).toBeGreaterThanOrEqual(12);
  }, 60_000);

  // Drawn, a fresh seed each run: sixteen photos on a speckled grey table (no colour: the score tells paper from it by
  // light alone) as light as 75-100% of the paper's shaded part, under a soft shadow reaching 60-200 px into the paper
  // from its left or right, the light falling off by up to 30% down the picture. No split of the score holds the paper
  // (main until 30 Nov found none of 60 such photos; a 300 DPI table photo read as garbage and another real postcode,
  // fresh seed 2711752841, file 79); found by its edges (edgeQuad), 49 of 60, none wrong (on wood's grain, which a
  // colourless table seldom has, about two in three). Nine of sixteen found, each within 8 px: a run fails under 1% of seeds.
  it(`finds the paper on a grey table as light as its shaded part, by its edges, and never a wrong one (seed ${seed})`, () => {
    const { rand } = seeded(seed + 1);
    const DRAWN = 16;
    const found = foundOnTables(rand, DRAWN, (label) => {
      const grey = 150 + rand() * 50;
      const right = rand() < 0.5;
      const edge = right ? Math.max(label[1][0], label[2][0]) : Math.min(label[0][0], label[3][0]);
      return { table: [grey, grey, grey], shadowX: edge + (right ? -1 : 1) * (60 + rand() * 140), soft: 40 + rand() * 120, right, fall: rand() * 0.3, speckle: rand };
    });
    console.log(`ocr quad (grey table): seed ${seed}, ${found} of ${DRAWN} found`);
    expect(found, `papers found of ${DRAWN} (seed ${seed})`).toBeGreaterThanOrEqual(9);
  }, 60_000);

  it("leaves alone what is not a label lying on something: a scan, a label cut by the frame, a label already square", () => {
    // A scan: paper to the border.
    expect(paperQuad(photo(600, 900, [[0, 0], [600, 0], [600, 900], [0, 900]]))).toBeNull();
    // The label runs off the picture's edge.
    expect(paperQuad(photo(800, 600, [[100, -50], [700, -50], [700, 500], [100, 500]]))).toBeNull();
    // Square in the picture (a viewer's screenshot, a photo from straight above): found, but paperOnly's work.
    const square: Point[] = [[200, 100], [600, 100], [600, 700], [200, 700]];
    const pic = photo(800, 800, square, { table: [90, 90, 90] });
    near(paperQuad(pic), square, 4);
    expect(rectifiedPaper(toGrey(pic), paperQuad(pic)!)).toBeNull();
  });
});

// Two phone photos of labels lying on a table, from the label generator's table medium (bench/label-generator images.ts,
// SEED=12, files 513 and 1027; copied as drawn, since its fonts come from the machine). Main read neither's recipient
// or sender: the first gave code and service alone, the second 'Mrs. Cattum' for the name.
describe("labels photographed lying on a table, read end to end", () => {
  it("reads a label photographed at a 15° slant on a wooden table, 200 DPI", async () => {
    const reading = await readLabelPage(await labelPixels(fixture("generated-evri-home-table-200.jpg"), 1));
    expect(reading.details).toMatchObject({
      trackingCode: "HZ9JW00962038244",
      address: { name: "Hannah van der Berg", postcode: "TW1 2FG" },
      fromAddress: { name: "Copper Kettle Design" },
      serviceCode: "48 HOUR",
    });
  }, 90_000);

  it("reads a label lying sideways (turned 97°), slanted 18° and 14°, on cloth, 150 DPI", async () => {
    const reading = await readLabelPage(await labelPixels(fixture("generated-rm-clickdrop-table-150.jpg"), 1));
    expect(reading.details).toMatchObject({
      trackingCode: "YS656522993GB",
      address: { name: "Mrs. Callum Ní Bhriain", postcode: "TA1 7LQ" },
      fromAddress: { name: "Mr Oliver Llewellyn" },
      classId: "2nd Class",
    });
  }, 90_000);
});

/** Interleaved 2 of 5 (the Evri legacy label's code): each digit's five elements, narrow (N) or wide (W). */
const ITF_DIGITS = ["NNWWN", "WNNNW", "NWNNW", "WWNNN", "NNWNW", "WNWNN", "NWWNN", "NNNWW", "WNNWN", "NWNWN"];

/** The bars and spaces of an ITF code for `digits` (an even count), in modules: start, pairs interleaved, stop. */
function itfElements(digits: string): number[] {
  const width = (e: string) => (e === "W" ? 2.5 : 1);
  const out = [1, 1, 1, 1];
  for (let i = 0; i < digits.length; i += 2) {
    const [bars, spaces] = [ITF_DIGITS[Number(digits[i])], ITF_DIGITS[Number(digits[i + 1])]];
    for (let k = 0; k < 5; k++) out.push(width(bars[k]), width(spaces[k]));
  }
  return [...out, 2.5, 1, 1];
}

/** The projective map from the unit square onto the quadrilateral tl, tr, br, bl (as ocr/quad.ts draws paper again). */
function squareOnto([[x0, y0], [x1, y1], [x2, y2], [x3, y3]]: Point[]): (u: number, v: number) => Point {
  const [sx, sy] = [x0 - x1 + x2 - x3, y0 - y1 + y2 - y3];
  const [dx1, dx2, dy1, dy2] = [x1 - x2, x3 - x2, y1 - y2, y3 - y2];
  const det = dx1 * dy2 - dx2 * dy1;
  const g = (sx * dy2 - dx2 * sy) / det;
  const h = (dx1 * sy - sx * dy1) / det;
  return (u, v) => {
    const z = g * u + h * v + 1;
    return [((x1 - x0 + g * x1) * u + (x3 - x0 + h * x3) * v + x0) / z, ((y1 - y0 + g * y1) * u + (y3 - y0 + h * y3) * v + y0) / z];
  };
}

/**
 * A phone photo of a 4x6 label lying on a table, held at a slant: the paper a keystone (its far edge `far` times the
 * near one), turned by `turn` degrees, on grained wood; on it an ITF code of `digits` across the middle, its narrowest
 * bar `module` of the paper's width. Drawn by sampling the label twice as finely as the picture's pixels. With `shadow`,
 * paper and table alike darkened to `light` left of a line down the picture `along` that share of the code's length (from
 * its left end), the shadow's edge soft over `soft` pixels; with `size`, the picture's and the paper's sizes (900 x 760
 * and 440 x 660 unless given).
 */
interface Slant {
  turn: number;
  far: number;
  module: number;
  noise: number;
  shadow?: { along: number; soft: number; light: number };
  size?: { picture: Point; paper: Point };
}

function slantedPhoto(digits: string, o: Slant, rand: () => number): { pic: Pixmap; code: Point } {
  const [w, h] = o.size?.picture ?? [900, 760];
  const [pw, ph] = o.size?.paper ?? [440, 660];
  const a = (o.turn * Math.PI) / 180;
  // The near (bottom) edge full width, the far (top) edge `far` of it; turned about the picture's centre.
  const flat: Point[] = [[-pw * o.far / 2, -ph / 2], [pw * o.far / 2, -ph / 2], [pw / 2, ph / 2], [-pw / 2, ph / 2]];
  const corners = flat.map(([x, y]): Point => [w / 2 + x * Math.cos(a) - y * Math.sin(a), h / 2 + x * Math.sin(a) + y * Math.cos(a)]);
  const at = squareOnto(corners);
  const ink = new Float32Array(w * h);
  const seen = new Uint16Array(w * h);
  const elements = itfElements(digits);
  const modules = elements.reduce((s, e) => s + e, 0);
  const [left, right] = [0.5 - (modules * o.module) / 2, 0.5 + (modules * o.module) / 2];
  const dark = (u: number, v: number) => {
    if (v < 0.4 || v > 0.52 || u < left || u >= right) return false;
    let m = (u - left) / o.module;
    for (const [i, e] of elements.entries()) {
      if (m < e) return i % 2 === 0;
      m -= e;
    }
    return false;
  };
  const steps = 2 * Math.max(w, h);
  for (let j = 0; j < steps; j++) {
    for (let i = 0; i < steps; i++) {
      const [u, v] = [(i + 0.5) / steps, (j + 0.5) / steps];
      const [x, y] = at(u, v).map(Math.floor);
      if (x < 0 || y < 0 || x >= w || y >= h) continue;
      seen[y * w + x]++;
      if (dark(u, v)) ink[y * w + x]++;
    }
  }
  const data = new Uint8ClampedArray(w * h * 4);
  const shadowX = o.shadow ? at(left, 0.46)[0] + o.shadow.along * (at(right, 0.46)[0] - at(left, 0.46)[0]) : 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const grain = 18 * Math.sin(y / 3 + Math.sin(x / 40) * 2);
      const k = y * w + x;
      const share = seen[k] ? ink[k] / seen[k] : 0;
      const paper = seen[k] > 0;
      const speck = (rand() - 0.5) * 2 * o.noise;
      const into = o.shadow ? Math.min(1, Math.max(0, (shadowX - x) / o.shadow.soft + 0.5)) : 0;
      const light = o.shadow ? 1 - (1 - o.shadow.light) * into : 1;
      const px = (table: number, paperTone: number) => (paper ? paperTone * (1 - share) + 25 * share : table + grain) * light + speck;
      data.set([px(150, 244), px(105, 242), px(60, 236), 255], k * 4);
    }
  }
  // The camera's softness (a blur of about half a pixel): each pixel half its own, an eighth of each neighbour's.
  const soft = new Uint8ClampedArray(data);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      for (let c = 0; c < 3; c++) {
        const at = (dx: number, dy: number) => data[((y + dy) * w + x + dx) * 4 + c];
        soft[(y * w + x) * 4 + c] = at(0, 0) / 2 + (at(-1, 0) + at(1, 0) + at(0, -1) + at(0, 1)) / 8;
      }
    }
  }
  return { pic: { data: soft, width: w, height: h }, code: at(0.5, 0.46) };
}

describe("the code of a label photographed lying on a table", () => {
  const seed = Number(process.env.SEED) || Math.floor(Math.random() * 2 ** 31);
  // Ten photos, at least seven codes read and none read wrong: the reader misses one such photo in 10-20 (two drawn
  // codes a run failed 2 of 11 fresh seeds, 1585838619 and 2018166142: a miss, never a wrong code), so a run of two
  // that asked for both failed on a seed's luck; seven of ten fails under 1% of runs at a miss rate of 9%.
  it(`is read on the paper drawn again upright: turned and slanted, its bars are read nowhere else (seed ${seed})`, async () => {
    const { rand } = seeded(seed);
    let unreadInPicture = 0;
    let read = 0;
    const DRAWN = 10;
    for (let n = 0; n < DRAWN; n++) {
      const digits = Array.from({ length: 16 }, () => Math.floor(rand() * 10)).join("");
      // Turned 14-24° either way, the far edge 70-80% of the near one, modules of 2-2.5 px on the near edge (a 150 DPI
      // photo), grain of ±6 grey levels: a zxing pass over the picture as taken reads no code from most such photos.
      const o = { turn: (rand() < 0.5 ? -1 : 1) * (14 + rand() * 10), far: 0.7 + rand() * 0.1, module: (2 + rand() * 0.5) / 440, noise: 6 };
      const { pic, code } = slantedPhoto(digits, o, rand);
      if (!(await decodeBarcodes(pic)).some((b) => b.text === digits)) unreadInPicture++;
      const found = (await pageBarcodes(pic, [])).find((b) => b.format === "ITF" && b.text.length === 16);
      if (!found) continue;
      expect(found.text, `code ${n}: ${JSON.stringify(o)}`).toBe(digits);
      read++;
      // Its box in the picture's pixels, over the bars.
      const { box } = found;
      expect(Math.hypot(box.x + box.w / 2 - code[0], box.y + box.h / 2 - code[1]), JSON.stringify(box)).toBeLessThan(40);
    }
    console.log(`seed ${seed}: ${unreadInPicture} of ${DRAWN} codes unread in the picture as taken, ${read} read`);
    expect(read, `codes read of ${DRAWN} (seed ${seed})`).toBeGreaterThanOrEqual(7);
  }, 120_000);
});

describe("the code of a label photographed with a shadow's edge across its bars", () => {
  const seed = Number(process.env.SEED) || Math.floor(Math.random() * 2 ** 31);
  // A lamp's or a hand's shadow over part of the code, its edge across the bars: zxing's one threshold for a row set between
  // the lit paper and the shaded paper reads the shaded spaces as bars (files 3016 and 3599 of SEED=969544535, lost whole).
  it(`is read with the picture's light made even, and never read wrong (seed ${seed})`, async () => {
    const { rand } = seeded(seed);
    const DRAWN = 10;
    let unreadInPicture = 0;
    let read = 0;
    for (let n = 0; n < DRAWN; n++) {
      const digits = Array.from({ length: 16 }, () => Math.floor(rand() * 10)).join("");
      // A 4x6 label at 120 DPI lying nearly square (turned up to 6°, its far edge 92-100% of the near one), modules of
      // 2.6-3.2 px; the shadow's edge 30-70% along the code, soft over 10-40 px, the shaded paper at 45-60% of the lit (the
      // run's files: 60%). Without the light made even the reader read 4 and 5 of 10 such codes on two seeds (7 on a third);
      // with it, 7 to 10 (9.4 on average over 21 fresh seeds), but fresh seed 1294084473 read 6 (shadows at 47-50% light,
      // their edges soft over 12-22 px): the lit level smoothed into the shade. Taken back by a closing, 79 of 80 on a fresh
      // seed (75 before) and that seed 10: at least 7, and none wrong.
      const shadow = { along: 0.3 + rand() * 0.4, soft: 10 + rand() * 30, light: 0.45 + rand() * 0.15 };
      const o: Slant = { turn: (rand() - 0.5) * 12, far: 0.92 + rand() * 0.08, module: (2.6 + rand() * 0.6) / 480, noise: 4, shadow, size: { picture: [800, 800], paper: [480, 720] } };
      const { pic } = slantedPhoto(digits, o, rand);
      if (!(await decodeBarcodes(pic)).some((b) => b.text === digits)) unreadInPicture++;
      const found = (await pageBarcodes(pic, [])).find((b) => b.format === "ITF" && b.text.length === 16);
      if (!found) continue;
      expect(found.text, `code ${n}: ${JSON.stringify(o)}`).toBe(digits);
      read++;
    }
    console.log(`seed ${seed}: ${unreadInPicture} of ${DRAWN} codes unread in the picture as taken, ${read} read`);
    expect(read, `codes read of ${DRAWN} (seed ${seed})`).toBeGreaterThanOrEqual(7);
  }, 180_000);
});
