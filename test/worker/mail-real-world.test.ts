import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { mailMessages } from "../../worker/db/schema";
import { handleEmail } from "../../worker/handlers/email";
import { inboundMessage } from "../fixtures/mail/messages";
import { REAL_WORLD_MAIL } from "../fixtures/mail/real-world";
import { call, createUser, db } from "./helpers";

/**
 * Mail as real clients and servers send it (test/fixtures/mail/real-world.ts) reaches the webmail whole: kept raw
 * byte for byte, listed, opened with its subject, sender, text/HTML and attachments decoded and downloadable. Then
 * the same messages damaged at random (cut short, bytes flipped or dropped; a fresh seed each run, printed;
 * FUZZ_SEED replays): each is still kept and opens — mail is never lost and never answers a 5xx.
 */

let adminPromise: ReturnType<typeof createUser> | undefined;
const admin = async () => {
  adminPromise ??= createUser({ admin: true });
  return (await adminPromise).token;
};

async function deliver(raw: Uint8Array) {
  const { message, outcome } = inboundMessage(raw);
  const before = new Set((await db().select({ key: mailMessages.key }).from(mailMessages)).map((r) => r.key));
  await handleEmail(message, env);
  const row = (await db().select().from(mailMessages)).find((r) => !before.has(r.key));
  expect(outcome.rejected).toBeNull();
  expect(row, "the message is indexed").toBeDefined();
  const kept = await env.FILES.get(row!.key);
  expect(new Uint8Array(await kept!.arrayBuffer()), "the raw message is kept byte for byte").toEqual(raw);
  return row!;
}

type Detail = {
  subject: string;
  from: string;
  text: string | null;
  html_sanitized: string | null;
  attachments: { filename: string; content_type: string; size: number; url: string }[];
};

async function open(key: string) {
  const token = await admin();
  const res = await call(`/api/v1/admin/mail/view?key=${encodeURIComponent(key)}`, { token });
  expect(res.status).toBe(200);
  const detail = (await res.json()) as Detail;
  const raw = await call(`/api/v1/admin/mail/raw?key=${encodeURIComponent(key)}`, { token });
  expect(raw.status).toBe(200);
  await raw.arrayBuffer();
  for (const a of detail.attachments) {
    const got = await call(a.url, { token });
    expect(got.status, a.filename).toBe(200);
    expect((await got.arrayBuffer()).byteLength).toBe(a.size);
  }
  return detail;
}

describe("mail as real clients send it", () => {
  for (const mail of REAL_WORLD_MAIL) {
    it(mail.name, async () => {
      const row = await deliver(mail.raw);
      expect(row.parseStatus).toBe("ok");
      const detail = await open(row.key);
      if (mail.subject !== undefined) expect(detail.subject).toBe(mail.subject);
      if (mail.fromIncludes) expect(detail.from).toContain(mail.fromIncludes);
      if (mail.textIncludes) expect(detail.text).toContain(mail.textIncludes);
      if (mail.htmlIncludes) expect(detail.html_sanitized).toContain(mail.htmlIncludes);
      expect(detail.html_sanitized ?? "").not.toMatch(/<script|https:\/\/track\.|\son\w+=/i);
      if (mail.attachments) {
        expect(detail.attachments.map((a) => a.filename)).toEqual(mail.attachments.map((a) => a.filename));
        for (const [i, want] of mail.attachments.entries()) {
          if (want.content_type) expect(detail.attachments[i].content_type).toBe(want.content_type);
          if (want.bytes) {
            const got = await call(detail.attachments[i].url, { token: await admin() });
            expect(new Uint8Array(await got.arrayBuffer())).toEqual(want.bytes);
          }
        }
      }
      const list = await call("/api/v1/admin/mail?max=50", { token: await admin() });
      expect(list.status).toBe(200);
      const { results } = (await list.json()) as { results: { key: string; subject: string }[] };
      expect(results.find((r) => r.key === row.key)?.subject).toBe(detail.subject);
    });
  }
});

const SEED = Number(env.FUZZ_SEED) || crypto.getRandomValues(new Uint32Array(1))[0];

describe(`damaged mail is kept and opens (FUZZ_SEED=${SEED})`, () => {
  let a = SEED >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const cases = REAL_WORLD_MAIL.map((mail) => {
    const src = mail.raw;
    const kind = int(3);
    if (kind === 0) {
      const end = 1 + int(src.length - 1);
      return { name: `${mail.name}: cut at ${end} of ${src.length}`, raw: src.slice(0, end) };
    }
    if (kind === 1) {
      const out = src.slice();
      const flips = 1 + int(40);
      for (let i = 0; i < flips; i++) out[int(out.length)] ^= 1 << int(8);
      return { name: `${mail.name}: ${flips} bits flipped`, raw: out };
    }
    const from = int(src.length);
    const len = 1 + int(Math.min(200, src.length - from));
    return { name: `${mail.name}: ${len} bytes dropped at ${from}`, raw: new Uint8Array([...src.subarray(0, from), ...src.subarray(from + len)]) };
  });
  for (const c of cases) {
    it(c.name, async () => {
      const row = await deliver(c.raw);
      const detail = await open(row.key);
      expect(typeof detail.subject).toBe("string");
    });
  }
});
