import { useState } from "react";
import { api, errorText } from "../../api/client";
import { Modal } from "../../components/Modal";
import type { AdminUser } from "./api";
import { TEXTS } from "./texts";

/**
 * Cheats: close a user's account, as the user can from Settings (their subscription cancelled first, every session
 * and key ended at once, their data deleted by the queue). The admin chooses whether the mailbox's threads with
 * their address go too (kept unless ticked: support correspondence is the business's record as well).
 */
export function CloseUserButton({ user, onClosed }: { user: AdminUser; onClosed: () => void }) {
  const [open, setOpen] = useState(false);
  const [deleteMail, setDeleteMail] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await api(`/api/v1/admin/users/${user.id}/close`, { method: "POST", body: { deleteMail } });
      setOpen(false);
      onClosed();
    } catch (err) {
      setError(errorText(err, TEXTS.closeFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className="link-button small" onClick={() => setOpen(true)} aria-label={`${TEXTS.closeButton} ${user.email}`}>
        {TEXTS.closeButton}
      </button>
      {open && (
        <Modal title={TEXTS.closeTitle(user.email)} onClose={() => setOpen(false)} initialFocus=".btn-primary" className="confirm-dialog">
          <p>{TEXTS.closeBody}</p>
          <label className="row small">
            <input type="checkbox" checked={deleteMail} onChange={(e) => setDeleteMail(e.target.checked)} />
            {TEXTS.closeMail}
          </label>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <div className="row modal-actions">
            <button type="button" className="btn" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="button" className="btn btn-primary btn-destructive" disabled={busy} aria-busy={busy} onClick={() => void confirm()}>
              {busy ? TEXTS.closing : TEXTS.closeConfirm}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
