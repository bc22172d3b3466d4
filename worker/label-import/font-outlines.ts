/**
 * Which letter a code of an embedded TrueType font draws, where the font does not say it (font-maps.ts): from the
 * glyph's own outline. Fonts such as DejaVu, Liberation, Noto and Arial build an accented letter as a composite glyph,
 * a base letter and a mark placed over it ('í' is the dotless i and an acute). The subset keeps those parts: the base is
 * a glyph the font draws for an ASCII code too (or, for í, the i's stem without its dot), and the mark's outline says
 * which mark it is (an acute leans right, a diaeresis is two dots side by side, a ring is one contour inside another).
 * Anything else (a letter drawn as one glyph, 'ø' or 'ł'; a mark below the letter; a shape not told apart for sure) is
 * unknown: a miss is better than a wrong letter.
 */

interface Point {
  x: number;
  y: number;
  on: boolean;
}
type Contour = Point[];

interface Component {
  glyph: number;
  dx: number;
  dy: number;
}

interface Glyph {
  contours: Contour[];
  components: Component[];
}

interface Font {
  /** Code (0-255) -> glyph index. */
  codes: Map<number, number>;
  glyph: (index: number) => Glyph | null;
}

/** Combining marks told apart by their outline. */
const ACUTE = "\u0301";
const GRAVE = "\u0300";
const CIRCUMFLEX = "\u0302";
const TILDE = "\u0303";
const MACRON = "\u0304";
const DOT = "\u0307";
const DIAERESIS = "\u0308";
const RING = "\u030A";
const CARON = "\u030C";

/** Reads the tables this needs (cmap, head, loca, glyf) of a TrueType font file; null for anything it cannot take apart. */
function readFont(bytes: Uint8Array): Font | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at);
  const i16 = (at: number) => view.getInt16(at);
  const u32 = (at: number) => view.getUint32(at);
  const tables = new Map<string, number>();
  const count = u16(4);
  for (let i = 0; i < count; i++) {
    const at = 12 + 16 * i;
    tables.set(String.fromCharCode(...bytes.subarray(at, at + 4)), u32(at + 8));
  }
  const cmap = tables.get("cmap");
  const head = tables.get("head");
  const loca = tables.get("loca");
  const glyf = tables.get("glyf");
  if (cmap === undefined || head === undefined || loca === undefined || glyf === undefined) return null;
  // An italic face leans every mark (a dot above reads as an acute): nothing is told from it (head's macStyle, bit 1).
  if (u16(head + 44) & 2) return null;
  const codes = readCodes(cmap, u16, bytes);
  const longOffsets = i16(head + 50) === 1;
  const offset = (g: number) => (longOffsets ? u32(loca + 4 * g) : 2 * u16(loca + 2 * g));
  const glyph = (index: number): Glyph | null => {
    const start = glyf + offset(index);
    if (offset(index + 1) === offset(index)) return { contours: [], components: [] };
    const n = i16(start);
    // A contour of one or two points draws nothing (hinting's anchor points): left out.
    return n < 0 ? { contours: [], components: readComponents(start + 10, u16, i16, bytes) } : { contours: readContours(start, n, u16, i16, bytes).filter((c) => c.length > 2), components: [] };
  };
  return { codes, glyph };
}

/** Code -> glyph from the (1,0) byte table or the (3,0) symbol table (codes there stand at 0xF000 + code, or as given). */
function readCodes(cmap: number, u16: (at: number) => number, bytes: Uint8Array): Map<number, number> {
  const codes = new Map<number, number>();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const subtables = u16(cmap + 2);
  for (let i = 0; i < subtables; i++) {
    const platform = u16(cmap + 4 + 8 * i);
    const encoding = u16(cmap + 6 + 8 * i);
    const at = cmap + view.getUint32(cmap + 8 + 8 * i);
    const format = u16(at);
    if (platform === 1 && encoding === 0 && format === 0) {
      for (let c = 0; c < 256; c++) if (bytes[at + 6 + c]) codes.set(c, bytes[at + 6 + c]);
    } else if (platform === 3 && encoding === 0 && format === 4 && codes.size === 0) {
      const segments = u16(at + 6) / 2;
      const ends = at + 14;
      const starts = ends + 2 * segments + 2;
      const deltas = starts + 2 * segments;
      const ranges = deltas + 2 * segments;
      for (let s = 0; s < segments; s++) {
        const end = u16(ends + 2 * s);
        const delta = view.getInt16(deltas + 2 * s);
        const range = u16(ranges + 2 * s);
        for (let c = u16(starts + 2 * s); c <= end && c !== 0xffff; c++) {
          if ((c & 0xff00) !== 0 && (c & 0xff00) !== 0xf000) continue;
          let g = range === 0 ? c + delta : u16(ranges + 2 * s + range + 2 * (c - u16(starts + 2 * s)));
          if (range !== 0 && g !== 0) g += delta;
          if ((g & 0xffff) !== 0) codes.set(c & 0xff, g & 0xffff);
        }
      }
    }
  }
  return codes;
}

function readContours(start: number, n: number, u16: (at: number) => number, i16: (at: number) => number, bytes: Uint8Array): Contour[] {
  const ends: number[] = [];
  for (let i = 0; i < n; i++) ends.push(u16(start + 10 + 2 * i));
  const points = n ? ends[n - 1] + 1 : 0;
  let at = start + 10 + 2 * n;
  at += 2 + u16(at);
  const flags: number[] = [];
  while (flags.length < points) {
    const f = bytes[at++];
    flags.push(f);
    if (f & 8) for (let r = bytes[at++]; r > 0; r--) flags.push(f);
  }
  const coords = (short: number, same: number): number[] => {
    const out: number[] = [];
    let v = 0;
    for (const f of flags) {
      if (f & short) v += f & same ? bytes[at++] : -bytes[at++];
      else if (!(f & same)) {
        v += i16(at);
        at += 2;
      }
      out.push(v);
    }
    return out;
  };
  const xs = coords(2, 16);
  const ys = coords(4, 32);
  const contours: Contour[] = [];
  let from = 0;
  for (const end of ends) {
    contours.push(xs.slice(from, end + 1).map((x, k) => ({ x, y: ys[from + k], on: (flags[from + k] & 1) === 1 })));
    from = end + 1;
  }
  return contours;
}

function readComponents(start: number, u16: (at: number) => number, i16: (at: number) => number, bytes: Uint8Array): Component[] {
  const out: Component[] = [];
  let at = start;
  for (;;) {
    const flags = u16(at);
    const glyph = u16(at + 2);
    at += 4;
    // Offsets as x,y values (ARGS_ARE_XY_VALUES); a part placed by matching points is not read (-> unknown).
    if (!(flags & 2)) return [];
    const words = flags & 1;
    const dx = words ? i16(at) : (bytes[at] << 24) >> 24;
    const dy = words ? i16(at + 2) : (bytes[at + 1] << 24) >> 24;
    at += words ? 4 : 2;
    // A scaled part is not a plain letter and mark.
    if (flags & (8 | 0x40 | 0x80)) return [];
    out.push({ glyph, dx, dy });
    if (!(flags & 0x20)) return out;
  }
}

interface Box {
  left: number;
  right: number;
  bottom: number;
  top: number;
}

const boxOf = (points: Point[]): Box => ({
  left: Math.min(...points.map((p) => p.x)),
  right: Math.max(...points.map((p) => p.x)),
  bottom: Math.min(...points.map((p) => p.y)),
  top: Math.max(...points.map((p) => p.y)),
});

const sameContour = (a: Contour, b: Contour) => a.length === b.length && a.every((p, i) => p.x === b[i].x && p.y === b[i].y && p.on === b[i].on);

/** A contour with straight sides only, leaning: +1 its top right of its bottom (an acute), -1 left (a grave), 0 upright. */
function lean(contour: Contour): number {
  const box = boxOf(contour);
  const width = box.right - box.left;
  const top = contour.filter((p) => p.y >= box.top - (box.top - box.bottom) * 0.1);
  const bottom = contour.filter((p) => p.y <= box.bottom + (box.top - box.bottom) * 0.1);
  const mid = (ps: Point[]) => ps.reduce((s, p) => s + p.x, 0) / ps.length;
  const shift = mid(top) - mid(bottom);
  return Math.abs(shift) < width * 0.15 ? 0 : Math.sign(shift);
}

/** The mark a part drawn over a letter is, from its outline; null when not sure. */
function markOf(contours: Contour[]): string | null {
  if (contours.length === 2) {
    const [a, b] = contours.map(boxOf);
    const inside = (p: Box, q: Box) => p.left > q.left && p.right < q.right && p.bottom > q.bottom && p.top < q.top;
    if (inside(a, b) || inside(b, a)) return RING;
    const apart = a.right < b.left || b.right < a.left;
    const dotLike = (c: Contour, box: Box) => lean(c) === 0 && (box.right - box.left) / Math.max(1, box.top - box.bottom) > 0.6 && (box.right - box.left) / Math.max(1, box.top - box.bottom) < 1.7;
    const level = Math.abs(a.bottom - b.bottom) <= (a.top - a.bottom) * 0.1;
    return apart && level && dotLike(contours[0], a) && dotLike(contours[1], b) ? DIAERESIS : null;
  }
  if (contours.length !== 1) return null;
  const contour = contours[0];
  const box = boxOf(contour);
  const width = box.right - box.left;
  const height = Math.max(1, box.top - box.bottom);
  const straight = contour.every((p) => p.on);
  if (straight && contour.length === 4) {
    const l = lean(contour);
    if (l > 0) return ACUTE;
    if (l < 0) return GRAVE;
    if (width > 2.2 * height) return MACRON;
    if (width / height > 0.6 && width / height < 1.7) return DOT;
    return null;
  }
  if (straight && contour.length >= 6 && width > 1.2 * height) {
    // A chevron: its top points in the middle (a circumflex) or its bottom points there (a caron).
    const centre = (box.left + box.right) / 2;
    const near = (p: Point) => Math.abs(p.x - centre) < width * 0.2;
    const tops = contour.filter((p) => p.y >= box.top - height * 0.05);
    const bottoms = contour.filter((p) => p.y <= box.bottom + height * 0.05);
    if (tops.every(near) && bottoms.some((p) => !near(p))) return CIRCUMFLEX;
    if (bottoms.every(near) && tops.some((p) => !near(p))) return CARON;
    return null;
  }
  if (!straight && width > 1.6 * height) {
    // A tilde rises then falls: its highest point in its left half, its lowest in its right half, neither at an end (a
    // breve's highest points are its two ends, its lowest the middle).
    const highest = contour.reduce((a, b) => (b.y > a.y ? b : a));
    const lowest = contour.reduce((a, b) => (b.y < a.y ? b : a));
    const at = (p: Point) => (p.x - box.left) / width;
    if (at(highest) > 0.1 && at(highest) < 0.45 && at(lowest) > 0.55 && at(lowest) < 0.9) return TILDE;
  }
  return null;
}

/**
 * The letters an embedded TrueType font (its FontFile2's bytes) draws for its codes beyond ASCII, told from their
 * composite glyphs: code -> letter, or null for a code it draws whose letter is not told for sure. Throws when the font
 * cannot be taken apart (then any code may be any letter).
 */
export function lettersOfFont(bytes: Uint8Array): Map<number, string | null> {
  const out = new Map<number, string | null>();
  const font = readFont(bytes);
  if (!font) throw new Error("not a TrueType font this reads");
  // The ASCII letter each glyph draws (the base of an accented letter is one of them).
  const letterOf = new Map<number, string>();
  for (const [code, g] of font.codes) if (/[A-Za-z]/.test(String.fromCharCode(code))) letterOf.set(g, String.fromCharCode(code));
  const glyphOf = (letter: string) => [...letterOf].find(([, l]) => l === letter)?.[0];
  for (const [code, g] of font.codes) {
    if (code < 0x80) continue;
    try {
      out.set(code, letterOfComposite(font, g, letterOf, glyphOf));
    } catch {
      // A glyph that cannot be taken apart is unknown.
      out.set(code, null);
    }
  }
  return out;
}

function letterOfComposite(font: Font, g: number, letterOf: Map<number, string>, glyphOf: (letter: string) => number | undefined): string | null {
  const parts = font.glyph(g)?.components ?? [];
  if (parts.length !== 2) return null;
  const resolved = parts.map((p) => ({ ...p, outline: font.glyph(p.glyph) }));
  if (resolved.some((p) => !p.outline || p.outline.components.length > 0 || p.outline.contours.length === 0)) return null;
  // The base: a glyph the font draws for an ASCII letter, or the dotless i or j (the stem of the font's own i or j).
  const baseOf = (p: (typeof resolved)[number]): string | null => {
    const known = letterOf.get(p.glyph);
    if (known) return known;
    for (const dotted of ["i", "j"]) {
      const full = glyphOf(dotted);
      const outline = full === undefined ? null : font.glyph(full);
      if (outline && outline.contours.length === 2 && p.outline!.contours.length === 1 && outline.contours.some((c) => sameContour(c, p.outline!.contours[0]))) return dotted;
    }
    return null;
  };
  const bases = resolved.map(baseOf);
  const b = bases.findIndex((x) => x !== null);
  if (b < 0 || bases.filter((x) => x !== null).length !== 1 || resolved[b].dy !== 0) return null;
  const base = resolved[b];
  const mark = resolved[1 - b];
  const placed = (p: (typeof resolved)[number]) => boxOf(p.outline!.contours.flat().map((q) => ({ ...q, x: q.x + p.dx, y: q.y + p.dy })));
  const baseBox = placed(base);
  const markBox = placed(mark);
  // Over the letter: the mark's foot above the letter's top, the two side by side in part (an i's stem is narrower than
  // its acute).
  const over = markBox.bottom > baseBox.top && markBox.left < baseBox.right && markBox.right > baseBox.left;
  if (!over) return null;
  const combining = markOf(mark.outline!.contours);
  if (!combining) return null;
  // Only the letters of Latin-1 and Latin Extended-A (the names a UK label prints): a rarer letter is not told.
  const letter = (bases[b]! + combining).normalize("NFC");
  return [...letter].length === 1 && /^[\u00c0-\u017f]$/u.test(letter) && /\p{L}/u.test(letter) ? letter : null;
}
