/**
 * A small TrueType font file written from outlines, for tests of reading a font's own glyphs (font-outlines.ts): the
 * tables a PDF's embedded subset keeps (head, hhea, maxp, hmtx, loca, glyf, cmap), codes in a (3,0) symbol cmap at
 * 0xF000 + code, as Ghostscript's pdfwrite writes them.
 */

export interface OutlinePoint {
  x: number;
  y: number;
  on: boolean;
}

/** A glyph: contours of points (a simple glyph) or parts placed at an offset (a composite glyph). */
export type OutlineGlyph = { contours: OutlinePoint[][] } | { parts: { glyph: number; dx: number; dy: number }[] };

/** A straight-sided contour through `points` ([x, y] pairs, all on the curve). */
export const polygon = (points: [number, number][]): OutlinePoint[] => points.map(([x, y]) => ({ x, y, on: true }));

class Writer {
  bytes: number[] = [];
  u8(v: number) {
    this.bytes.push(v & 0xff);
  }
  u16(v: number) {
    this.u8(v >> 8);
    this.u8(v);
  }
  u32(v: number) {
    this.u16(v >>> 16);
    this.u16(v & 0xffff);
  }
  pad() {
    while (this.bytes.length % 4) this.u8(0);
  }
}

function glyphBytes(g: OutlineGlyph): number[] {
  const w = new Writer();
  if ("parts" in g) {
    w.u16(0xffff); // numberOfContours -1
    for (let i = 0; i < 4; i++) w.u16(0);
    g.parts.forEach((p, i) => {
      // ARG_1_AND_2_ARE_WORDS | ARGS_ARE_XY_VALUES, MORE_COMPONENTS but for the last.
      w.u16(1 | 2 | (i < g.parts.length - 1 ? 0x20 : 0));
      w.u16(p.glyph);
      w.u16(p.dx & 0xffff);
      w.u16(p.dy & 0xffff);
    });
    return w.bytes;
  }
  const points = g.contours.flat();
  if (points.length === 0) return [];
  w.u16(g.contours.length);
  for (const v of [Math.min(...points.map((p) => p.x)), Math.min(...points.map((p) => p.y)), Math.max(...points.map((p) => p.x)), Math.max(...points.map((p) => p.y))]) w.u16(v & 0xffff);
  let end = -1;
  for (const c of g.contours) {
    end += c.length;
    w.u16(end);
  }
  w.u16(0); // no instructions
  for (const p of points) w.u8(p.on ? 1 : 0); // x and y as signed words
  for (const axis of ["x", "y"] as const) {
    let last = 0;
    for (const p of points) {
      w.u16((p[axis] - last) & 0xffff);
      last = p[axis];
    }
  }
  return w.bytes;
}

/** The font file: `glyphs` by index (0 is .notdef), `codes` code (0-255) -> glyph index. */
export function trueTypeFont(glyphs: OutlineGlyph[], codes: Map<number, number>, opts: { italic?: boolean } = {}): Uint8Array {
  const glyf = new Writer();
  const offsets: number[] = [];
  for (const g of glyphs) {
    offsets.push(glyf.bytes.length);
    glyf.bytes.push(...glyphBytes(g));
    glyf.pad();
  }
  offsets.push(glyf.bytes.length);
  const loca = new Writer();
  for (const o of offsets) loca.u32(o);
  const head = new Writer();
  head.u32(0x00010000);
  head.u32(0x00010000);
  head.u32(0); // checksum adjustment
  head.u32(0x5f0f3cf5);
  head.u16(0); // flags
  head.u16(2048); // units per em
  for (let i = 0; i < 4; i++) head.u32(0); // created, modified
  for (let i = 0; i < 4; i++) head.u16(0); // bbox
  head.u16(opts.italic ? 2 : 0); // macStyle
  head.u16(8);
  head.u16(2);
  head.u16(1); // indexToLocFormat: long
  head.u16(0);
  const maxp = new Writer();
  maxp.u32(0x00005000);
  maxp.u16(glyphs.length);
  const hhea = new Writer();
  hhea.u32(0x00010000);
  for (let i = 0; i < 15; i++) hhea.u16(0);
  hhea.u16(glyphs.length);
  const hmtx = new Writer();
  for (let i = 0; i < glyphs.length; i++) {
    hmtx.u16(1200);
    hmtx.u16(0);
  }
  // cmap: one (3,0) format 4 subtable, a segment per code and the closing 0xFFFF.
  const sorted = [...codes].sort((a, b) => a[0] - b[0]);
  const segments = sorted.length + 1;
  const sub = new Writer();
  sub.u16(4);
  sub.u16(16 + 8 * segments);
  sub.u16(0);
  sub.u16(2 * segments);
  sub.u16(0);
  sub.u16(0);
  sub.u16(0);
  for (const [c] of sorted) sub.u16(0xf000 + c);
  sub.u16(0xffff);
  sub.u16(0);
  for (const [c] of sorted) sub.u16(0xf000 + c);
  sub.u16(0xffff);
  for (const [c, g] of sorted) sub.u16((g - (0xf000 + c)) & 0xffff);
  sub.u16(1);
  for (let i = 0; i < segments; i++) sub.u16(0);
  const cmap = new Writer();
  cmap.u16(0);
  cmap.u16(1);
  cmap.u16(3);
  cmap.u16(0);
  cmap.u32(12);
  cmap.bytes.push(...sub.bytes);
  const tables: [string, number[]][] = [
    ["cmap", cmap.bytes],
    ["glyf", glyf.bytes],
    ["head", head.bytes],
    ["hhea", hhea.bytes],
    ["hmtx", hmtx.bytes],
    ["loca", loca.bytes],
    ["maxp", maxp.bytes],
  ];
  const out = new Writer();
  out.u32(0x00010000);
  out.u16(tables.length);
  out.u16(0);
  out.u16(0);
  out.u16(0);
  const at = 12 + 16 * tables.length;
  const body = new Writer();
  for (const [tag, data] of tables) {
    for (const ch of tag) out.u8(ch.charCodeAt(0));
    out.u32(0);
    out.u32(at + body.bytes.length);
    out.u32(data.length);
    body.bytes.push(...data);
    body.pad();
  }
  return new Uint8Array([...out.bytes, ...body.bytes]);
}
