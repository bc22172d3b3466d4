import { useState } from "react";
import { ApiError, errorText } from "../../api/client";
import { grantCredits, type AdminUser } from "./api";
import { TEXTS } from "./texts";
import { CloseUserButton } from "./CloseUserButton";

type Notice = { kind: "success" | "error"; text: string } | null;

/** Parses the grant field: a positive whole number, else null. */
export function parseAmount(raw: string): number | null {
  if (!/^\s*\d+\s*$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

function GrantCell({ user, onGranted, onClosed }: { user: AdminUser; onGranted: (u: AdminUser, n: number) => void; onClosed?: () => void }) {
  const [amount, setAmount] = useState("");
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const inputId = `grant-${user.id}`;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const n = parseAmount(amount);
    if (n === null) {
      setNotice({ kind: "error", text: TEXTS.badAmount });
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      const res = await grantCredits(user.id, n);
      onGranted(res.user, n);
      setAmount("");
      setNotice({ kind: "success", text: TEXTS.granted(n, user.email) });
    } catch (err) {
      // The server's rule texts (amount, unknown user) say more than the generic failure.
      const status = err instanceof ApiError ? err.status : undefined;
      setNotice({ kind: "error", text: status === 400 || status === 404 ? errorText(err, TEXTS.grantFailed) : TEXTS.grantFailed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <td data-label="Grant">
        <form id={`form-${inputId}`} onSubmit={submit} noValidate>
          <label htmlFor={inputId} className="sr-only">
            Credits to grant to {user.email}
          </label>
          <input
            id={inputId}
            className="input admin-grant-input"
            inputMode="numeric"
            placeholder="0"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={notice?.kind === "error" ? true : undefined}
            aria-describedby={`${inputId}-notice`}
          />
        </form>
        <p id={`${inputId}-notice`} className={`admin-grant-notice ${notice?.kind ?? ""}`} role="status" aria-live="polite">
          {notice?.text ?? ""}
        </p>
      </td>
      <td data-label="Action">
        {/* Side by side where they fit, one under the other at the same left edge where not (a margin on 'Close
            account' set it in once it wrapped under Grant on a phone). */}
        <div className="admin-actions">
        <button
          type="submit"
          form={`form-${inputId}`}
          className="btn btn-sm btn-primary"
          disabled={busy}
          aria-label={`${TEXTS.grantButton} credits to ${user.email}`}
        >
          {busy ? TEXTS.granting : TEXTS.grantButton}
        </button>
        {onClosed && <CloseUserButton user={user} onClosed={onClosed} />}
        </div>
      </td>
    </>
  );
}

/** `onClosed`: an account was closed from its row (none for the admin's own: that is Settings' to do). */
export function UsersTable({ users, onGranted, selfId, onClosed }: { users: AdminUser[]; onGranted: (u: AdminUser, n: number) => void; selfId?: number; onClosed?: (u: AdminUser) => void }) {
  if (!users.length) return <p className="empty">{TEXTS.noUsers}</p>;
  return (
    <div className="table-wrap">
      <table className="table admin-users-table">
        <thead>
          <tr>
            <th scope="col">ID</th>
            <th scope="col">Email</th>
            <th scope="col">Verified</th>
            <th scope="col">Credits</th>
            <th scope="col">Grant</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id}>
              <td data-label="ID" className="mono">
                {u.id}
              </td>
              <td data-label="Email" className="admin-email">
                <span>{u.email}</span>{" "}
                {u.marketing_consent && (
                  <span className="badge badge-ok" title={TEXTS.marketingBadgeLabel}>
                    {TEXTS.marketingBadge}
                  </span>
                )}
              </td>
              <td data-label="Verified">
                {u.email_verified ? <span className="badge badge-ok">Yes</span> : <span className="badge badge-warn">No</span>}
              </td>
              <td data-label="Credits">{u.credits}</td>
              <GrantCell user={u} onGranted={onGranted} onClosed={onClosed && u.id !== selfId ? () => onClosed(u) : undefined} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
