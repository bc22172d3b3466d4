import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { labelFiles, labels, users } from "../../worker/db/schema";
import { call, createUser, db } from "./helpers";
import { fixture } from "./import-fixtures";

/**
 * Damaged label files never reach a 5xx and never half-store: label PDFs and images, mutated at random (bytes
 * flipped, cut short, a range dropped or repeated, a PDF's numbers and names changed, an image's header lied
 * about), are uploaded; the answer is a label (credits charged = labels made, the original kept) or a 4xx with
 * a JSON error and nothing stored, nothing charged. A fresh seed every run, printed; FUZZ_SEED=… replays it and
 * FUZZ_COUNT=… sizes it (the default is small enough for CI).
 */

const SEED = Number(env.FUZZ_SEED) || crypto.getRandomValues(new Uint32Array(1))[0];
const COUNT = Number(env.FUZZ_COUNT) || 24;
const REFUSALS = new Set([400, 402, 413, 415, 422]);

const SOURCES = [
  "evri.pdf",
  "royalmail.pdf",
  "multi.pdf",
  "evri-rotated.pdf",
  "two-up-a4.pdf",
  "evri-flattened.pdf",
  "evri-300dpi.png",
  "royalmail-300dpi.jpg",
  "evri-300dpi.webp",
  "hermes-legacy-1bit.png",
];
const MIME: Record<string, string> = { pdf: "application/pdf", png: "image/png", jpg: "image/jpeg", webp: "image/webp" };

/** mulberry32: small, seedable, the same stream in every runtime. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { int, pick: <T>(xs: readonly T[]) => xs[int(xs.length)] };
}
type Random = ReturnType<typeof random>;

const latin1 = (b: Uint8Array) => Array.from(b, (c) => String.fromCharCode(c)).join("");
const bytesOf = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);

/** PDF-aware damage: the numbers and names a reader trusts (lengths, offsets, counts, boxes, filters). */
function damagePdfSyntax(bytes: Uint8Array, r: Random): [Uint8Array, string] {
  const text = latin1(bytes);
  const edits: [RegExp, () => string, string][] = [
    [/\/Length \d+/g, () => `/Length ${r.pick([0, 1, 7, 99999999, -5])}`, "stream length"],
    [/\/Count \d+/g, () => `/Count ${r.pick([0, 1000000, -1, 3])}`, "page count"],
    [/\/MediaBox\s*\[[^\]]*\]/g, () => r.pick(["/MediaBox [0 0 0 0]", "/MediaBox [0 0 -288 432]", "/MediaBox [0 0 1e9 1e9]", "/MediaBox []"]), "media box"],
    [/\/Rotate \d+/g, () => `/Rotate ${r.pick([45, -90, 720, 1])}`, "rotation"],
    [/\/FlateDecode/g, () => r.pick(["/LZWDecode", "/DCTDecode", "/Nonsense", "/FlateDecode /FlateDecode"]), "filter"],
    [/startxref\s+\d+/g, () => `startxref\n${r.int(bytes.length * 2)}`, "xref offset"],
    [/\d+ 0 R/g, () => `${r.int(5000)} 0 R`, "object reference"],
    [/\/Width \d+/g, () => `/Width ${r.pick([0, 1, 65535, 100000])}`, "image width"],
  ];
  const usable = edits.filter(([re]) => text.search(re) >= 0);
  if (!usable.length) return [bytes, "no PDF syntax to damage"];
  const [re, make, what] = r.pick(usable);
  const matches = [...text.matchAll(re)];
  const m = r.pick(matches);
  const out = text.slice(0, m.index) + make() + text.slice(m.index! + m[0].length);
  return [bytesOf(out), `${what} changed`];
}

/** An image header that lies: huge or zero dimensions in PNG's IHDR, a JPEG's SOF, or WEBP's VP8 frame. */
function damageImageHeader(bytes: Uint8Array, r: Random): [Uint8Array, string] {
  const out = bytes.slice();
  const text = latin1(bytes.subarray(0, Math.min(bytes.length, 4096)));
  const ihdr = text.indexOf("IHDR");
  const value = r.pick([0, 1, 0xffff, 0x7fffffff]);
  if (ihdr >= 0) {
    new DataView(out.buffer).setUint32(ihdr + 4 + r.int(2) * 4, value);
    return [out, `PNG size set to ${value}`];
  }
  const sof = text.search(/\xff[\xc0\xc2]/);
  if (sof >= 0) {
    new DataView(out.buffer).setUint16(sof + 5 + r.int(2) * 2, value & 0xffff);
    return [out, `JPEG size set to ${value & 0xffff}`];
  }
  return [out.subarray(0, 12 + r.int(40)), "header only"];
}

function mutate(bytes: Uint8Array, isPdf: boolean, r: Random): [Uint8Array, string] {
  const n = bytes.length;
  const at = () => r.int(n);
  switch (r.int(isPdf ? 6 : 5)) {
    case 0: {
      const out = bytes.slice();
      const flips = 1 + r.int(64);
      for (let i = 0; i < flips; i++) out[at()] ^= 1 << r.int(8);
      return [out, `${flips} bits flipped`];
    }
    case 1: {
      const end = at();
      return [bytes.slice(0, end), `cut at ${end} of ${n}`];
    }
    case 2: {
      const from = at();
      const len = 1 + r.int(Math.min(4096, n - from));
      const out = new Uint8Array(n - len);
      out.set(bytes.subarray(0, from));
      out.set(bytes.subarray(from + len), from);
      return [out, `${len} bytes dropped at ${from}`];
    }
    case 3: {
      const from = at();
      const len = 1 + r.int(Math.min(4096, n - from));
      const out = new Uint8Array(n + len);
      out.set(bytes.subarray(0, from + len));
      out.set(bytes.subarray(from), from + len);
      return [out, `${len} bytes repeated at ${from}`];
    }
    case 4:
      return isPdf ? damagePdfSyntax(bytes, r) : damageImageHeader(bytes, r);
    default:
      return damagePdfSyntax(bytes, r);
  }
}

const balance = async (id: number) => (await db().query.users.findFirst({ where: eq(users.id, id) }))!.credits;
const stored = async (userId: number) => ({
  r2: (await env.FILES.list({ prefix: `labels/${userId}/` })).objects.length,
  labels: (await db().select().from(labels).where(eq(labels.userId, userId))).length,
  files: (await db().select().from(labelFiles).where(eq(labelFiles.userId, userId))).length,
});

describe(`damaged label files (FUZZ_SEED=${SEED} FUZZ_COUNT=${COUNT})`, () => {
  const r = random(SEED);
  const cases = Array.from({ length: COUNT }, (_, i) => {
    const source = SOURCES[i % SOURCES.length];
    const [bytes, damage] = mutate(fixture(source), source.endsWith(".pdf"), r);
    return { i, source, bytes, damage };
  });

  for (const { i, source, bytes, damage } of cases) {
    it(`#${i} ${source}: ${damage}`, async () => {
      const credits = 20;
      const user = await createUser({ credits });
      const ext = source.split(".").pop()!;
      const form = new FormData();
      form.append("files", new File([bytes], `fuzz-${i}.${ext}`, { type: MIME[ext] }));
      const res = await call("/api/v1/label", { method: "POST", body: form, token: user.token });
      const body = (await res.json()) as { error?: string } | { id: number }[];
      const after = await stored(user.id);
      if (res.status === 200) {
        const made = (body as { id: number }[]).length;
        expect(made).toBeGreaterThan(0);
        expect(await balance(user.id)).toBe(credits - made);
        expect(after).toEqual({ r2: 1, labels: made, files: 1 });
      } else {
        expect(REFUSALS, `status ${res.status}: ${JSON.stringify(body)}`).toContain(res.status);
        expect((body as { error?: string }).error).toMatch(/\S/);
        expect(await balance(user.id)).toBe(credits);
        expect(after).toEqual({ r2: 0, labels: 0, files: 0 });
      }
    }, 60_000);
  }
});
