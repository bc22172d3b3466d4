import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useAuth } from "../../app/auth";
import { checkFiles, DropZone, type Rejection } from "./DropZone";
import { uploadLabelFile, UploadAbort } from "./uploadFile";

/**
 * The Upload tab of /upload: a drop zone, then up to three uploads at
 * a time with per-file and overall progress by bytes, then per-file results and a summary.
 */

const CONCURRENCY = 3;
const PROGRESS_CAP = 95;

type Status = "queued" | "uploading" | "done" | "failed";

/** One file of a drop: its state, upload progress and the server's answer or error. */
interface QueueItem {
  file: File;
  status: Status;
  progress: number;
  loadedBytes: number;
  response: unknown;
  error: string | null;
}

function failureMessage(body: unknown, err: unknown): string {
  const b = body as { message?: unknown; error?: unknown } | null;
  if (b && typeof b.message === "string" && b.message) return b.message;
  if (b && typeof b.error === "string" && b.error) return b.error;
  if (err instanceof Error && err.message) return err.message;
  return "Upload failed";
}

const labelCount = (response: unknown) => (Array.isArray(response) ? response.length : 0);

function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

function StatusIcon({ status }: { status: Status }) {
  const common = { width: 18, height: 18, viewBox: "0 0 24 24", fill: "none", stroke: "currentColor", strokeWidth: 2, strokeLinecap: "round" as const, strokeLinejoin: "round" as const, "aria-hidden": true, focusable: false };
  if (status === "done") return <svg {...common} className="upload-icon upload-icon-ok"><path d="M5 12l5 5 9-11" /></svg>;
  if (status === "failed") return <svg {...common} className="upload-icon upload-icon-err"><path d="M6 6l12 12M18 6L6 18" /></svg>;
  return <svg {...common} className="upload-icon"><path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" /><path d="M14 3v5h5" /></svg>;
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
            (loaded) => update(i, { loadedBytes: loaded, progress: Math.min(PROGRESS_CAP, Math.round((loaded / Math.max(1, file.size)) * 100)) }),
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
  const processed = succeeded.reduce((n, it) => n + labelCount(it.response), 0);

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

      {queue.length > 0 && (
        <section className="card upload-queue" aria-labelledby="upload-queue-title">
          <div className="upload-overall">
            <h2 className="card-title" id="upload-queue-title">
              {finished ? "Uploads finished" : `Uploading ${queue.length} ${queue.length === 1 ? "file" : "files"}`}
            </h2>
            <span className="muted small">
              {formatBytes(loadedBytes)} of {formatBytes(totalBytes)}
            </span>
          </div>
          <progress className="upload-progress" max={100} value={overall} aria-label="Overall upload progress" />
          <ul className="upload-list">
            {queue.map((it, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: uploads are only appended, never reordered or removed
              <li key={i} className={`upload-item upload-item-${it.status}`}>
                <StatusIcon status={it.status} />
                <div className="upload-item-main">
                  <div className="upload-item-head">
                    <span className="upload-name">{it.file.name}</span>
                    <span className="upload-state small">
                      {it.status === "failed" ? (
                        <span className="badge badge-err">Failed</span>
                      ) : it.status === "done" ? (
                        <span className="badge badge-ok">
                          {labelCount(it.response)} {labelCount(it.response) === 1 ? "label" : "labels"}
                        </span>
                      ) : it.status === "uploading" ? (
                        `${it.progress}%`
                      ) : (
                        "Waiting"
                      )}
                    </span>
                  </div>
                  {it.status === "failed" ? (
                    <p className="upload-error">{it.error}</p>
                  ) : (
                    <progress className="upload-progress upload-progress-file" max={100} value={it.progress} aria-label={`Progress of ${it.file.name}`} />
                  )}
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}

      <div aria-live="polite" role="status" className="upload-summary">
        {finished &&
          (failed.length === queue.length ? (
            <div className="alert alert-error">All uploads failed</div>
          ) : processed > 0 ? (
            <div className="alert alert-success upload-summary-ok">
              <span>
                {processed} {processed === 1 ? "label" : "labels"} processed
              </span>
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
