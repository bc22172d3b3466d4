import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { errorText } from "../../api/client";
import { Modal } from "../../components/Modal";
import { deleteLabels, deletionNotice, refreshAfterDeletion, restoreLabels, useDeletionNotice, useLabelJob, type DeleteSelection, type Deleted } from "./deletionApi";
import { DELETE_TEXTS as T } from "./deletionTexts";

const RESTORE_DAYS = 30;

/**
 * Asks before deleting: what leaves and when it comes back, and, in plain words, that credits are not refunded. The
 * confirming button takes the focus (Enter deletes, Escape keeps everything).
 */
export function DeleteDialog({ count, code, selection, onClose, onDeleted }: { count: number; code?: string; selection: DeleteSelection; onClose: () => void; onDeleted: (d: Deleted) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      const deleted = await deleteLabels(selection);
      deletionNotice.set({ count: deleted.job ? deleted.job.total : deleted.deleted, ids: deleted.job ? null : "ids" in selection ? selection.ids : null, job: deleted.job });
      refreshAfterDeletion(queryClient);
      onDeleted(deleted);
    } catch (err) {
      setError(errorText(err, T.failed));
      setBusy(false);
    }
  }

  return (
    <Modal title={T.title(count, code)} onClose={onClose} initialFocus=".btn-primary" className="confirm-dialog">
      <p>{T.leaves(count)}</p>
      <p>{T.restore(count, RESTORE_DAYS)}</p>
      <p>
        <strong>{T.credits(count)}</strong>
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="row modal-actions">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn btn-primary btn-destructive" disabled={busy} aria-busy={busy} onClick={() => void confirm()}>
          {busy ? T.deleting : T.confirm(count)}
        </button>
      </div>
    </Modal>
  );
}

/** Delete on a card, a table row or the label page: asks first, then the list says what went, with Undo. */
export function DeleteLabelButton({ label, className = "btn btn-sm btn-danger", onDeleted }: { label: { id: string; trackingCode: string }; className?: string; onDeleted?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} aria-label={`Delete label ${label.trackingCode}`} onClick={() => setOpen(true)}>
        {T.button}
      </button>
      {open && (
        <DeleteDialog
          count={1}
          code={label.trackingCode}
          selection={{ ids: [label.id] }}
          onClose={() => setOpen(false)} onDeleted={() => {
            setOpen(false);
            onDeleted?.();
          }}
        />
      )}
    </>
  );
}

/** Delete in the selection bar: the labels picked, or every label matching the filters. */
export function DeleteSelectedButton({ count, selection, onDeleted }: { count: number; selection: DeleteSelection; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-sm btn-danger" onClick={() => setOpen(true)}>
        {T.confirm(count)}
      </button>
      {open && (
        <DeleteDialog
          count={count}
          selection={selection}
          onClose={() => setOpen(false)}
          onDeleted={() => {
            setOpen(false);
            onDeleted();
          }}
        />
      )}
    </>
  );
}

/** What the labels list says after a deletion: how many went (Undo, Recently deleted), or a bulk job's progress. */
export function DeletionNoticeBar() {
  const notice = useDeletionNotice();
  const job = useLabelJob(notice?.job ?? null).data;
  const [undo, setUndo] = useState<{ busy: boolean; text: string | null }>({ busy: false, text: null });
  const queryClient = useQueryClient();
  // A new notice takes the focus: the Delete pressed went with its card (focus fell to the page), and Undo is what the
  // user may want next; once Undo has gone (restored), the notice itself, which says so.
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) (bar.current?.querySelector<HTMLElement>(".deletion-undo") ?? bar.current)?.focus();
  }, [notice]);
  if (!notice) return null;
  const running = job?.status === "running";

  async function restore() {
    if (!notice?.ids) return;
    setUndo({ busy: true, text: null });
    try {
      const r = await restoreLabels({ ids: notice.ids });
      refreshAfterDeletion(queryClient);
      setUndo({ busy: false, text: T.restoredBack(r.restored) });
      deletionNotice.set({ ...notice, ids: null });
    } catch (err) {
      setUndo({ busy: false, text: errorText(err, T.failed) });
    }
  }

  return (
    <div className="alert alert-info deletion-notice row" role="status" ref={bar} tabIndex={-1}>
      <span>{undo.text ?? (running && job ? T.running(job.done, job.total) : T.deleted(job?.done ?? notice.count))}</span>
      {notice.ids && !undo.text && (
        <button type="button" className="link-button deletion-undo" disabled={undo.busy} onClick={() => void restore()}>
          {undo.busy ? T.undoing : T.undo}
        </button>
      )}
      <Link to="/labels/deleted">{T.recentlyDeleted}</Link>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        aria-label={T.dismiss}
        onClick={() => {
          setUndo({ busy: false, text: null });
          deletionNotice.set(null);
        }}
      >
        ×
      </button>
    </div>
  );
}
