import { useState } from "react";
import { useNavigate } from "react-router";
import { api, errorText } from "../../api/client";
import type { ClosedLocationState } from "../../app/account-closed";
import { useAuth } from "../../app/auth";
import { Field } from "../../components/Field";
import { Modal } from "../../components/Modal";
import { CLOSE_TEXTS as T } from "./closeTexts";


/**
 * Settings → Close account: what closing does (the subscription cancelled, everything deleted for good, Stripe keeps
 * the payment records), then the password again in a dialog. On success the browser signs out and goes home.
 */
export function CloseAccountCard({ subscribed }: { subscribed: boolean }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { signOut } = useAuth();
  const navigate = useNavigate();

  function close() {
    setOpen(false);
    setPassword("");
    setError(null);
  }

  async function confirm(e: React.FormEvent) {
    e.preventDefault();
    if (!password) return setError(T.passwordRequired);
    setBusy(true);
    setError(null);
    try {
      const { email } = await api<{ email: string }>("/api/v1/user/close", { method: "POST", body: { password } });
      await signOut(() => void navigate("/", { state: { accountClosed: email } satisfies ClosedLocationState }));
    } catch (err) {
      setError(errorText(err, T.failed));
      setBusy(false);
    }
  }

  return (
    <section className="card close-account" aria-labelledby="close-account-title">
      <h2 id="close-account-title">{T.title}</h2>
      <p>{T.intro}</p>
      <ul className="close-account-list">
        {(subscribed ? [T.subscription, ...T.points] : T.points).map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
        {T.button}
      </button>
      {open && (
        <Modal title={T.dialogTitle} onClose={close} initialFocus="#close-account-password" className="confirm-dialog">
          <form onSubmit={confirm} noValidate>
            <p>{T.dialogLead}</p>
            <Field
              id="close-account-password"
              label={T.password}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={error ?? undefined}
            />
            <div className="row modal-actions">
              <button type="button" className="btn" onClick={close}>
                Cancel
              </button>
              <button type="submit" className="btn btn-primary btn-destructive" disabled={busy} aria-busy={busy}>
                {busy ? T.closing : T.confirm}
              </button>
            </div>
          </form>
        </Modal>
      )}
    </section>
  );
}
