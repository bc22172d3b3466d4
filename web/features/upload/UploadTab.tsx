import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useAuth } from "../../app/auth";
import { checkFiles, DropZone, type Rejection } from "./DropZone";
import { UPLOAD_TEXT as T } from "./texts";
import { type QueueItem, UploadQueue, uploadedLabels } from "./UploadQueue";
import { uploadLabelFile, UploadAbort } from "./uploadFile";

/**
 * The Upload tab of /upload: a drop zone, then up to three uploads at a time with per-file and overall progress
 * by bytes (UploadQueue), then per-file results and a summary of what was new and what was already the user's.
 */

const CONCURRENCY = 3;
const PROGRESS_CAP = 95;

function failureMessage(body: unknown, err: unknown): string {
  const b = body as { message?: unknown; error?: unknown } | null;
  if (b && typeof b.message === "string" && b.message) return b.message;
  if (b && typeof b.error === "string" && b.error) return b.error;
  if (err instanceof Error && err.message) return err.message;
  return "Upload failed";
}

export function UploadTab({ credits }: { credits: number | null }) {
  const { reloadUser } = useAuth();
  const [queue, setQueue] = useState<QueueItem[]>([]);
  const [rejected, setRejected] = useState<Rejection[]>([]);
  const controller = useRef<AbortController | null>(null);
  const disabled = credits !== null && credits <= 0;

  useEffect(() => () => controller.current?.abort(), []);

  const start = (dropped: File[]) => {
    const { accepted, rejected: bad } = checkFiles(dropped);
    setRejected(bad);
    // Dropping files replaces the queue (and stops what the old one still had running).
    controller.current?.abort();
    const ctl = new AbortController();
    controller.current = ctl;
    const items: QueueItem[] = accepted.map((file) => ({ file, status: "queued", progress: 0, loadedBytes: 0, response: null, error: null }));
    setQueue(items);
    if (!items.length) return;

    const update = (i: number, patch: Partial<QueueItem>) => {
      if (ctl.signal.aborted) return;
      setQueue((q) => q.map((it, j) => (j === i ? { ...it, ...patch } : it)));
    };
    let next = 0;
    const worker = async () => {
      while (next < items.length && !ctl.signal.aborted) {
        const i = next++;
        const file = items[i].file;
        update(i, { status: "uploading" });
        try {
          const res = await uploadLabelFile(
            file,
            // Every byte sent: the server is reading the file now (say so, rather than sit at the cap).
            (loaded) =>
              update(i, loaded >= file.size ? { status: "reading", loadedBytes: file.size, progress: 100 } : { status: "uploading", loadedBytes: loaded, progress: Math.min(PROGRESS_CAP, Math.round((loaded / Math.max(1, file.size)) * 100)) }),
            ctl.signal,
          );
          if (res.status >= 200 && res.status < 300) {
            update(i, { status: "done", progress: 100, loadedBytes: file.size, response: res.body });
          } else {
            update(i, { status: "failed", loadedBytes: file.size, response: res.body, error: failureMessage(res.body, null) });
          }
        } catch (err) {
          if (err instanceof UploadAbort) return;
          update(i, { status: "failed", loadedBytes: file.size, error: failureMessage(null, err) });
        }
      }
    };
    void Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker)).then(() => {
      if (!ctl.signal.aborted) void reloadUser();
    });
  };

  const totalBytes = queue.reduce((n, it) => n + it.file.size, 0);
  const loadedBytes = queue.reduce((n, it) => n + Math.min(it.loadedBytes, it.file.size), 0);
  const finished = queue.length > 0 && queue.every((it) => it.status === "done" || it.status === "failed");
  const overall = finished ? 100 : totalBytes ? Math.min(PROGRESS_CAP, Math.round((loadedBytes / totalBytes) * 100)) : 0;
  const succeeded = queue.filter((it) => it.status === "done");
  const failed = queue.filter((it) => it.status === "failed");
  const uploaded = succeeded.flatMap(uploadedLabels);
  const created = uploaded.filter((l) => l.created).length;

  return (
    <div className="stack upload-tab">
      <DropZone disabled={disabled} onFiles={start} />

      {rejected.length > 0 && (
        <div className="alert alert-error" role="alert">
          <ul className="upload-rejections">
            {rejected.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole on each drop, never reordered
              <li key={i}>
                {r.file ? <strong>{r.file.name}: </strong> : null}
                {r.errors.join(". ")}
              </li>
            ))}
          </ul>
        </div>
      )}

      {queue.length > 0 && <UploadQueue queue={queue} finished={finished} overall={overall} loadedBytes={loadedBytes} totalBytes={totalBytes} />}

      <div aria-live="polite" role="status" className="upload-summary">
        {finished &&
          (failed.length === queue.length ? (
            <div className="alert alert-error">All uploads failed</div>
          ) : uploaded.length > 0 ? (
            <div className="alert alert-success upload-summary-ok">
              <span>{T.summary(uploaded.length, created, uploaded.length - created)}</span>
              <Link to="/labels" className="btn btn-primary btn-sm">
                Go to Labels
              </Link>
            </div>
          ) : (
            <div className="alert alert-warning">No labels were processed successfully.</div>
          ))}
      </div>
    </div>
  );
}
