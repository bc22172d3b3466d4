import { formatNumber } from "../../components/numbers";
import { useState } from "react";
import { errorText } from "../../api/client";
import { InlineConfirm } from "../../components/InlineConfirm";
import { formatDate, formatFileSize, EVENT_DATE } from "../labels/format";
import { useDataExport, useDataExportActions, type ApiDataExport } from "./your-data-api";
import { YOUR_DATA_TEXT as TEXT } from "./texts";

const count = (n: number) => formatNumber(n);

/** How far the build is, as a share of its labels and files (the labels are written three times, files once). */
function share(p: ApiDataExport["progress"]): number {
  const total = p.labelsTotal + p.filesTotal;
  return total === 0 ? 0 : Math.min(1, (p.labels + p.files) / total);
}

/**
 * Settings → Download my data: asks the server to build the ZIP (in the background), follows its progress, then
 * offers its signed link until it expires, and deletes it on request.
 */
export function DataExportCard() {
  const query = useDataExport();
  const actions = useDataExportActions();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function run(action: () => Promise<void>, failed: string, done?: string) {
    setBusy(true);
    setResult(null);
    setConfirming(false);
    try {
      await action();
      if (done) setResult({ ok: true, text: done });
    } catch (err) {
      setResult({ ok: false, text: errorText(err, failed) });
    } finally {
      setBusy(false);
    }
  }

  const current = query.data?.export ?? null;
  // The first copy is the card's action; beside a ready copy's download, a new copy is the lesser one.
  const ask = (label: string, primary = true) => (
    <button type="button" className={primary ? "btn btn-primary" : "btn"} disabled={busy} onClick={() => run(actions.request, TEXT.exportFailed)}>
      {busy ? TEXT.exportAsking : label}
    </button>
  );

  return (
    <section className="card" aria-labelledby="data-export-title" aria-busy={query.isPending || current?.status === "building"} data-testid="data-export">
      <h2 id="data-export-title">{TEXT.exportTitle}</h2>
      <p>{TEXT.exportIntro}</p>
      {query.isPending ? (
        <p className="muted" role="status">
          {TEXT.exportLoading}
        </p>
      ) : query.isError ? (
        <div className="alert alert-error" role="alert">
          <p>{errorText(query.error, TEXT.exportLoadFailed)}</p>
          <button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : !current ? (
        ask(TEXT.exportAsk)
      ) : current.status === "building" ? (
        <div className="stack" role="status" aria-live="polite">
          <p className="data-export-status">{TEXT.exportPreparing}</p>
          <progress className="upload-progress" max={1} value={share(current.progress)} aria-label={TEXT.exportPreparing} />
          <p className="small muted">
            {TEXT.exportProgress(`${count(current.progress.labels)} of ${count(current.progress.labelsTotal)}`, `${count(current.progress.files)} of ${count(current.progress.filesTotal)}`)}
          </p>
          <p className="small muted">{TEXT.exportPreparingHint}</p>
        </div>
      ) : current.status === "ready" && current.downloadUrl ? (
        <div className="stack">
          <p role="status">{TEXT.exportReady(formatFileSize(current.size ?? 0), formatDate(current.expiresAt, EVENT_DATE))}</p>
          <div className="row data-export-actions">
            {/* A plain link: the browser downloads the file itself, however large, without holding it in the page. */}
            <a className="btn btn-primary" href={current.downloadUrl} download rel="noreferrer">
              {TEXT.exportDownload}
            </a>
            {!confirming && (
              <button type="button" className="btn" disabled={busy} onClick={() => setConfirming(true)}>
                {TEXT.exportDelete}
              </button>
            )}
            {!confirming && ask(TEXT.exportAgain, false)}
          </div>
          {confirming && (
            <InlineConfirm
              question={TEXT.exportDeleteConfirm}
              confirm={TEXT.exportDeleteYes}
              onConfirm={() => run(actions.remove, TEXT.exportDeleteFailed, TEXT.exportDeleted)}
              onCancel={() => setConfirming(false)}
            />
          )}
          <p className="small muted">{TEXT.exportLinkPrivate}</p>
        </div>
      ) : (
        <div className="stack">
          <div className="alert alert-error" role="alert">
            <p>{current.error ?? TEXT.exportBuildFailed}</p>
          </div>
          {ask(TEXT.exportAgain)}
        </div>
      )}
      <p role={result?.ok ? "status" : "alert"} className={result?.ok ? "settings-ok-text" : "settings-error-text"}>
        {result?.text}
      </p>
    </section>
  );
}
