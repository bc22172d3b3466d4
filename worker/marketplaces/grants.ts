/**
 * What connecting or refreshing gives, whichever the marketplace, and how a marketplace's refusal is told apart from
 * its being unreachable: a refused grant breaks the connection ('Reconnect'); an unreachable one is tried again.
 */
export interface Grant {
  shopId: string;
  shopName: string;
  accessToken: string;
  /** ms; null when the token does not expire. */
  accessExpiresAt: number | null;
  refreshToken: string | null;
  refreshExpiresAt: number | null;
  scope: string;
}

export type Refreshed = Pick<Grant, "accessToken" | "accessExpiresAt"> & Partial<Pick<Grant, "refreshToken" | "refreshExpiresAt">>;

export class MarketplaceRefusal extends Error {
  /** `refused`: the marketplace said no (a used or revoked code or token); `unavailable`: it could not be asked. */
  readonly kind: "refused" | "unavailable";
  /** Seconds the marketplace asked us to wait (a 429's Retry-After), when it said. */
  readonly retryAfter: number | null;
  constructor(kind: "refused" | "unavailable", message: string, retryAfter: number | null = null) {
    super(message);
    this.kind = kind;
    this.retryAfter = retryAfter;
  }
}

/** Calls a marketplace: a network failure or a 5xx/429 is `unavailable`; the answer is returned otherwise. */
export async function ask(url: string, init: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (err) {
    throw new MarketplaceRefusal("unavailable", `could not reach ${new URL(url).host}: ${(err as Error).message}`);
  }
  if (res.status >= 500 || res.status === 429) {
    const wait = Number(res.headers.get("retry-after"));
    throw new MarketplaceRefusal("unavailable", `${new URL(url).host} answered ${res.status}`, res.status === 429 && Number.isFinite(wait) && wait > 0 ? wait : null);
  }
  return res;
}

/** An OAuth token answer's error, as `error: error_description`. */
export async function oauthProblem(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { error?: string; error_description?: string } | null;
  return body?.error ? `${body.error}${body.error_description ? `: ${body.error_description}` : ""}` : `HTTP ${res.status}`;
}
