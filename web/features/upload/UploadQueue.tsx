import { Link } from "react-router";
import type { UploadedLabel } from "../labels/types";
import { formatFileSize } from "../labels/format";
import { useCouriers, useLabel } from "../labels/labelsApi";
import { UPLOAD_TEXT as T } from "./texts";

/**
 * The files of a drop as they upload: per-file progress by bytes, 'Reading label…' once every byte is sent and
 * the server reads it, then each label the file gave, linked to its page and marked new (1 credit) or already the
 * user's (not charged), or why the file failed.
 */

export type Status = "queued" | "uploading" | "reading" | "done" | "failed";

/** One file of a drop: its state, upload progress and the server's answer or error. */
export interface QueueItem {
  file: File;
  status: Status;
  progress: number;
  loadedBytes: number;
  response: unknown;
  error: string | null;
}

/** The labels a finished upload answered (POST /label: one per tracking code in the file). */
export const uploadedLabels = (item: QueueItem): UploadedLabel[] => (item.status === "done" && Array.isArray(item.response) ? (item.response as UploadedLabel[]) : []);

function StatusIcon({ status }: { status: Status }) {
  const common = { width: 18, height: 18, viewBox: "0 0 24 24", fill: "none", stroke: "currentColor", strokeWidth: 2, strokeLinecap: "round" as const, strokeLinejoin: "round" as const, "aria-hidden": true, focusable: false };
  if (status === "done") return <svg {...common} className="upload-icon upload-icon-ok"><path d="M5 12l5 5 9-11" /></svg>;
  if (status === "failed") return <svg {...common} className="upload-icon upload-icon-err"><path d="M6 6l12 12M18 6L6 18" /></svg>;
  return <svg {...common} className="upload-icon"><path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" /><path d="M14 3v5h5" /></svg>;
}

function ItemState({ item }: { item: QueueItem }) {
  switch (item.status) {
    case "failed":
      return <span className="badge badge-err">{T.failed}</span>;
    case "done": {
      const n = uploadedLabels(item).length;
      return <span className="badge badge-ok">{`${n} ${n === 1 ? "label" : "labels"}`}</span>;
    }
    case "reading":
      return <>{T.reading}</>;
    case "uploading":
      return <>{`${item.progress}%`}</>;
    default:
      return <>{T.waiting}</>;
  }
}

/**
 * How the reading of a label the upload answered 'pending' goes: the label is asked for while it is read (useLabel's
 * backoff, the cache the label's page then opens from), and the line says when it has been read.
 */
function ReadingState({ id }: { id: string }) {
  const status = useLabel(id).data?.ocrStatus ?? "pending";
  const text = status === "pending" ? T.ocrPending : status === "failed" ? T.ocrFailed : T.ocrDone;
  return <span aria-live="polite">{`, ${text}`}</span>;
}

function UploadedList({ labels }: { labels: UploadedLabel[] }) {
  const couriers = useCouriers().data;
  return (
    <ul className="upload-labels">
      {labels.map((l) => (
        <li key={l.id}>
          <Link to={`/label/${encodeURIComponent(l.id)}`} className="mono">
            {l.trackingCode}
          </Link>{" "}
          <span className="muted small">
            {couriers?.find((c) => c.id === l.courier)?.displayName ?? l.courier}
            {l.ocrStatus === "pending" && <ReadingState id={l.id} />}
          </span>{" "}
          <span className={l.created ? "badge badge-ok" : "badge"}>{l.created ? T.newLabel : T.alreadyYours}</span>
        </li>
      ))}
    </ul>
  );
}

export function UploadQueue({ queue, finished, overall, loadedBytes, totalBytes }: { queue: QueueItem[]; finished: boolean; overall: number; loadedBytes: number; totalBytes: number }) {
  return (
    <section className="card upload-queue" aria-labelledby="upload-queue-title">
      <div className="upload-overall">
        <h2 className="card-title" id="upload-queue-title">
          {finished ? "Uploads finished" : `Uploading ${queue.length} ${queue.length === 1 ? "file" : "files"}`}
        </h2>
        <span className="muted small">
          {formatFileSize(loadedBytes)} of {formatFileSize(totalBytes)}
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
                  <ItemState item={it} />
                </span>
              </div>
              {it.status === "failed" ? (
                <p className="upload-error">{it.error}</p>
              ) : it.status === "done" ? (
                <UploadedList labels={uploadedLabels(it)} />
              ) : it.status === "reading" ? (
                // No value: the bar moves while the server reads the file (no byte count to show).
                <progress className="upload-progress upload-progress-file" max={100} aria-label={`Reading ${it.file.name}`} />
              ) : (
                <progress className="upload-progress upload-progress-file" max={100} value={it.progress} aria-label={`Progress of ${it.file.name}`} />
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
