import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { labelImportAddresses, users } from "../db/schema";

/**
 * Each user's private label import address, labels+<token>@<domain>. The token is the only secret: 128
 * random bits in lowercase base32 (letters and 2-7), safe in a mail address and a URL whatever the mail
 * server does to letter case. The address is kept so Settings can show it again; regenerating replaces
 * the token in one write, so the old address stops working at once.
 */

const LOCAL_PART = "labels";
const TOKEN_BYTES = 16;
const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/** 26 characters of lowercase base32 carrying 128 random bits. */
export function newImportToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(TOKEN_BYTES));
  let bits = 0;
  let value = 0;
  let out = "";
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** IMPORT_MAIL_DOMAIN, or the admin mailbox's domain when it is not set. */
export function importMailDomain(env: Pick<Env, "IMPORT_MAIL_DOMAIN" | "ADMIN_MAILBOX">): string {
  const configured = (env.IMPORT_MAIL_DOMAIN ?? "").trim().toLowerCase();
  if (configured) return configured;
  return (env.ADMIN_MAILBOX ?? "").trim().toLowerCase().split("@")[1] ?? "";
}

export function importAddressOf(env: Pick<Env, "IMPORT_MAIL_DOMAIN" | "ADMIN_MAILBOX">, token: string): string {
  return `${LOCAL_PART}+${token}@${importMailDomain(env)}`;
}

/**
 * The token of a recipient written as an import address (`labels+<token>@<domain>`, any letter case, bare
 * or as 'Name <address>'), else null: that mail is not for the label import. The token is not checked here.
 */
export function importTokenOf(env: Pick<Env, "IMPORT_MAIL_DOMAIN" | "ADMIN_MAILBOX">, recipient: string): string | null {
  const domain = importMailDomain(env);
  if (!domain) return null;
  const bracketed = recipient.match(/<([^<>]*)>\s*$/);
  const address = (bracketed ? bracketed[1] : recipient).trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 0 || address.slice(at + 1) !== domain) return null;
  const local = address.slice(0, at);
  if (!local.startsWith(`${LOCAL_PART}+`)) return null;
  return local.slice(LOCAL_PART.length + 1);
}

/** The user's import address, made on first use. */
export async function importAddressFor(db: Db, env: Pick<Env, "IMPORT_MAIL_DOMAIN" | "ADMIN_MAILBOX">, userId: number): Promise<string> {
  const [, rows] = await db.batch([
    db.insert(labelImportAddresses).values({ userId, token: newImportToken() }).onConflictDoNothing({ target: labelImportAddresses.userId }),
    db.select({ token: labelImportAddresses.token }).from(labelImportAddresses).where(eq(labelImportAddresses.userId, userId)),
  ]);
  return importAddressOf(env, rows[0].token);
}

/** A new address for the user; the previous one is refused from this moment. */
export async function regenerateImportAddress(
  db: Db,
  env: Pick<Env, "IMPORT_MAIL_DOMAIN" | "ADMIN_MAILBOX">,
  userId: number,
): Promise<string> {
  const token = newImportToken();
  await db
    .insert(labelImportAddresses)
    .values({ userId, token })
    .onConflictDoUpdate({ target: labelImportAddresses.userId, set: { token, createdAt: Date.now() } });
  return importAddressOf(env, token);
}

/** The account a token belongs to (its id and the email on record), or null for an unknown or replaced token. */
export async function accountOfImportToken(db: Db, token: string): Promise<{ id: number; email: string } | null> {
  if (!/^[a-z2-7]{26}$/.test(token)) return null;
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(labelImportAddresses)
    .innerJoin(users, eq(users.id, labelImportAddresses.userId))
    .where(eq(labelImportAddresses.token, token))
    .limit(1);
  return row ?? null;
}
