import { BOOKMARK_HEADER, bookmarks } from "../../api/bookmarks";
import { apiFetch } from "../../api/client";
import { tokens } from "../../api/tokens";

/**
 * One upload to POST /api/v1/label with XMLHttpRequest (fetch has no upload progress), the access
 * token as bearer. A 401 is retried once after a refresh; the refresh itself goes through the one API
 * client (apiFetch), so concurrent uploads share its single refresh and a failed one logs out. Like every API call
 * it keeps the D1 bookmark its answer brings (web/api/bookmarks.ts): the labels list read next sees the new labels.
 */

export interface UploadResponse {
  status: number;
  body: unknown;
}

export class UploadAbort extends Error {}

function send(file: File, onProgress: (loaded: number) => void, signal: AbortSignal): Promise<UploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/v1/label");
    xhr.withCredentials = true;
    const token = tokens.access();
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    const bookmark = bookmarks.current();
    if (bookmark) xhr.setRequestHeader(BOOKMARK_HEADER, bookmark);
    xhr.upload.onprogress = (e) => onProgress(e.lengthComputable ? Math.min(file.size, e.loaded * (file.size / e.total)) : e.loaded);
    xhr.onload = () => {
      bookmarks.keep(xhr.getResponseHeader(BOOKMARK_HEADER));
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error("Network error or CORS issue"));
    xhr.onabort = () => reject(new UploadAbort("Upload cancelled"));
    signal.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("files", file, file.name);
    xhr.send(form);
  });
}

let refreshing: Promise<void> | null = null;

/** Lets the API client refresh the tokens (once for all concurrent callers). */
function refreshViaClient(): Promise<void> {
  refreshing ??= apiFetch("/api/v1/user")
    .then(() => undefined, () => undefined)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

export async function uploadLabelFile(file: File, onProgress: (loaded: number) => void, signal: AbortSignal): Promise<UploadResponse> {
  const before = tokens.access();
  const first = await send(file, onProgress, signal);
  if (first.status !== 401) return first;
  await refreshViaClient();
  const after = tokens.access();
  if (!after || after === before) return first;
  onProgress(0);
  return send(file, onProgress, signal);
}
