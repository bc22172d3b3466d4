import { describe, expect, it } from "vitest";
import { readLabelPage } from "../../worker/label-import/ocr-job";
import { evenLight, paperQuad, rectifiedPaper } from "../../worker/label-import/ocr/quad";
import { type Pixmap, toGrey } from "../../worker/images/raster";
import { labelPixels } from "../../worker/label-import/label-pixels";
import { fixture } from "./import-fixtures";

type Point = [number, number];

/**
 * A phone photo drawn here: a table (wood: brown with grain along x) and a label lying on it as the
 * quadrilateral `corners` (clockwise from the label's own top-left), white paper, a bar of print at
 * label coordinates (u 0.1-0.6, v 0.1-0.14), and a shadow (paper and table alike darkened to 55%)
 * over x < shadowX.
 */
function photo(w: number, h: number, corners: Point[], o: { shadowX?: number; table?: [number, number, number] } = {}): Pixmap {
  const data = new Uint8ClampedArray(w * h * 4);
  const [r, g, b] = o.table ?? [150, 105, 60];
  const inside = (x: number, y: number) =>
    corners.every((p, i) => {
      const q = corners[(i + 1) % 4];
      return (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0]) >= 0;
    });
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const grain = 18 * Math.sin(y / 3 + Math.sin(x / 40) * 2);
      const paper = inside(x + 0.5, y + 0.5);
      const light = o.shadowX !== undefined && x < o.shadowX ? 0.55 : 1;
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
