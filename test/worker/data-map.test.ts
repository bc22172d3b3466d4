/// <reference types="vite/client" />
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { R2_PREFIXES, TABLES, r2PrefixOf, type TableEntry } from "../../worker/privacy/data-map";
import { storeInbound } from "../../worker/mail/mailbox";
import { withAttachments } from "../fixtures/mail/messages";
import { call, createUser, db } from "./helpers";
import { fixture } from "./import-fixtures";
import { loadReadersFirst } from "./readers";

// The personal-data map (worker/privacy/data-map.ts) against what really exists: every table of a migrated D1 and
// every R2 prefix the code writes must have its entry, so nobody adds personal data without deciding its fate.

interface SchemaRow {
  name: string;
  type: string;
  sql: string | null;
}

async function schemaTables(): Promise<SchemaRow[]> {
  const { results } = await env.DB.prepare("select name, type, sql from sqlite_master where type = 'table' order by name").all<SchemaRow>();
  return results;
}

const isVirtual = (t: SchemaRow) => /^create virtual table/i.test(t.sql ?? "");
/** SQLite's and D1's own tables: not the app's. */
const isEngineTable = (name: string) => /^sqlite_/.test(name) || /^_cf_/.test(name);

async function columnsOf(table: string): Promise<string[]> {
  const { results } = await env.DB.prepare("select name from pragma_table_xinfo(?)").bind(table).all<{ name: string }>();
  return results.map((r) => r.name);
}

/** Every column an entry names. */
function namedColumns(entry: TableEntry): string[] {
  const named = [...(entry.personalColumns ?? [])];
  const { owner, label } = entry;
  if (owner.by === "user" || owner.by === "parent") named.push(owner.column);
  if (owner.by === "address") named.push(...owner.columns);
  if (label.by === "label" || label.by === "pointed-at") named.push(label.column);
  return named;
}

loadReadersFirst();

describe("the personal-data map's tables", () => {
  it("names every table of a migrated database, and nothing that is not one", async () => {
    const tables = await schemaTables();
    const virtual = tables.filter(isVirtual).map((t) => t.name);
    // An FTS5 table's shadow tables (<name>_data, _idx, _config, _docsize) are part of it.
    const isShadow = (name: string) => virtual.some((v) => name.startsWith(`${v}_`));
    const appTables = tables.map((t) => t.name).filter((n) => !isEngineTable(n) && !isShadow(n));
    expect(appTables.length).toBeGreaterThan(25);
    const missing = appTables.filter((n) => !(n in TABLES));
    expect(missing, "tables without an entry in worker/privacy/data-map.ts: decide their fate there").toEqual([]);
    const gone = Object.keys(TABLES).filter((n) => !appTables.includes(n));
    expect(gone, "entries of the map that name no table").toEqual([]);
  });

  it("names only columns that exist, and parents that are in the map", async () => {
    const wrong: string[] = [];
    for (const [table, entry] of Object.entries(TABLES)) {
      const columns = await columnsOf(table);
      for (const c of namedColumns(entry)) if (!columns.includes(c)) wrong.push(`${table}.${c}`);
      if (entry.owner.by === "parent") {
        const { parent, parentColumn } = entry.owner;
        if (!(parent in TABLES)) wrong.push(`${table}: parent ${parent} not in the map`);
        else if (!(await columnsOf(parent)).includes(parentColumn)) wrong.push(`${parent}.${parentColumn}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("gives every table holding personal data a way to find a user's rows, and a fate for each right", () => {
    for (const [table, entry] of Object.entries(TABLES)) {
      if (entry.personal !== "none") expect(entry.owner.by, `${table} holds personal data`).not.toBe("none");
      // Whatever a label owns leaves with it and goes at the purge.
      if (entry.label.by === "label") {
        expect(["moves", "follows"], table).toContain(entry.deletion);
        expect(entry.purge, table).toBe("deleted");
      }
      if (entry.owner.by !== "none") expect(entry.closure, `${table} is a user's: closing the account must say what becomes of it`).not.toBe("none");
      // Secrets never leave: a table whose rows are secrets is not exported, or without them.
      if (["refresh_tokens", "email_tokens"].includes(table)) expect(entry.export).toBe("not-exported");
    }
    expect(TABLES.users.export).toBe("exported-without-secrets");
    expect(TABLES.webhook_endpoints.export).toBe("exported-without-secrets");
  });
});

// ---- R2

const sources = import.meta.glob("../../worker/**/*.ts", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

/**
 * Source files that write to R2. The app reaches its bucket as `env.FILES` (or a parameter typed R2Bucket, named
 * `files` or `bucket`): a put or a multipart upload on one is a write.
 */
function r2Writers(): string[] {
  const write = /\b(?:FILES|files|bucket)\s*\.\s*(?:put|createMultipartUpload|resumeMultipartUpload)\s*\(/;
  return Object.entries(sources)
    .filter(([, text]) => write.test(text))
    .map(([path]) => path.replace("../../", ""))
    .sort();
}

describe("the personal-data map's R2 prefixes", () => {
  it("names every source file that writes to R2, and each writer it names writes", () => {
    const writers = r2Writers();
    expect(writers.length).toBeGreaterThan(2);
    const named = Object.values(R2_PREFIXES).flatMap((p) => p.writtenBy);
    expect(writers.filter((w) => !named.includes(w)), "files writing to R2 under no prefix of worker/privacy/data-map.ts").toEqual([]);
    expect(named.filter((n) => !writers.includes(n)), "writers the map names that write nothing").toEqual([]);
    for (const [prefix, entry] of Object.entries(R2_PREFIXES)) {
      expect(entry.table in TABLES, `${prefix} names table ${entry.table}`).toBe(true);
      expect(entry.key.source.startsWith(`^${prefix.replace("/", "\\/")}`), prefix).toBe(true);
    }
  });

  it("holds every key the app writes: a label's original, a banner, mailbox messages and attachments", async () => {
    const user = await createUser({ credits: 5 });
    const form = new FormData();
    form.append("files", new File([fixture("evri.pdf")], "evri.pdf", { type: "application/pdf" }));
    expect((await call("/api/v1/label", { method: "POST", body: form, token: user.token })).status).toBe(200);
    const banner = new FormData();
    const png = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (ch) => ch.charCodeAt(0));
    banner.append("banner_image", new File([png], "banner.png", { type: "image/png" }));
    expect((await call("/api/v1/user/profile", { method: "PUT", token: user.token, body: banner })).status).toBe(200);
    await storeInbound(env, db(), withAttachments(), { from: "a@example.com", to: "support@parcelhive.test" });
    const admin = await createUser({ admin: true });
    const sent = await call("/api/v1/admin/mail/send", { method: "POST", token: admin.token, json: { to: ["b@example.com"], subject: "Hi", text: "Hello" } });
    expect(sent.status).toBe(201);

    const keys = (await env.FILES.list()).objects.map((o) => o.key);
    const under = (prefix: string) => keys.filter((k) => r2PrefixOf(k) === prefix);
    expect(keys.filter((k) => r2PrefixOf(k) === null), "R2 keys under no prefix of the map").toEqual([]);
    expect(under("labels/")).toHaveLength(1);
    expect(under("banners/")).toHaveLength(1);
    expect(under("mail/").length).toBeGreaterThanOrEqual(3);
    // A user's objects carry their id, so closing the account finds them by prefix.
    for (const k of [...under("labels/"), ...under("banners/")]) expect(R2_PREFIXES[r2PrefixOf(k)!].key.exec(k)?.[1]).toBe(String(user.id));
    // The first upload of a worker loads the label readers (PDFium, zxing): seconds on a loaded machine.
  }, 120_000);
});
