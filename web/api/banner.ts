import { ApiError, apiFetch } from "./client";

/**
 * The company banner image at `url` (GET /api/v1/user/banner, or a label's banner_image_url), or null when the
 * account has none: the server answers 204 (an older one 404, the spec's reading). Other failures throw.
 */
export async function fetchBanner(url: string, signal?: AbortSignal): Promise<Blob | null> {
  try {
    const res = await apiFetch(url, { signal });
    return res.status === 204 ? null : await res.blob();
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
