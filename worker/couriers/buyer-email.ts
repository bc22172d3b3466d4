import { z } from "zod";

/**
 * A buyer's e-mail address: checked, kept lowercased on the label, masked wherever labels are listed, and known
 * elsewhere only as a MAC under the server's secret (an unsubscribe is kept by it: worker/buyer-mail/address.ts). Here
 * beside the manual form (manual.ts), which takes it like a label's other fields.
 */
export const buyerEmailSchema = z
  .string()
  .trim()
  .max(254, "buyerEmail is at most 254 characters")
  .pipe(z.email({ message: "buyerEmail must be an e-mail address" }))
  .transform((e) => e.toLowerCase());

/** 'jane.doe@example.com' -> 'j•••@example.com': enough to recognise, not enough to write to. */
export function maskEmail(email: string | null | undefined): string | null {
  if (!email) return null;
  const at = email.lastIndexOf("@");
  return at < 1 ? "•••" : `${email[0]}•••${email.slice(at)}`;
}
