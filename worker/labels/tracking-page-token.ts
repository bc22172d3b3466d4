import { env } from "cloudflare:workers";
import { randomToken } from "../lib/crypto";

/**
 * A buyer's tracking page lives at /t/<token>. The token is 18 bytes (144 bits) from crypto.getRandomValues, the
 * Workers' cryptographic random source, written in base64url (24 characters). It is never derived from the label's
 * id or tracking code, so nothing printed on a parcel leads to its page; and there are too many to try: with a
 * million pages shared, one guess in 2 x 10^37 finds one, and the page answers 60 requests a minute per IP.
 * Kept with the label (the page itself is worker/tracking-page/): a label's answer gives its page's address.
 */
const PAGE_TOKEN_BYTES = 18;

/** What a token looks like: a path segment that is not one is answered the page's 404 at once, with no D1 read. */
export const PAGE_TOKEN = /^[A-Za-z0-9_-]{24}$/;

export const newPageToken = () => randomToken(PAGE_TOKEN_BYTES);

/** The public origin links are built on (APP_URL, from the Worker's configuration). */
export const publicOrigin = () => env.APP_URL.replace(/\/+$/, "");

/** The page's full address, as the API, the CSV export, webhooks and mails give it; null when not shared. */
export const trackingPageUrl = (token: string | null | undefined): string | null => (token ? `${publicOrigin()}/t/${token}` : null);
