import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { requestPasswordReset, statusOf } from "./api";
import { AuthCard } from "./AuthCard";
import { FORGOT, LOGIN } from "./texts";

type Outcome = { kind: "sent" | "failed"; message: string } | null;

/**
 * /forgot-password. The answer never says whether the address has an account:
 * no status or a 5xx is 'Something went wrong'; any other status shows the same sent text.
 */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setOutcome(null);
    let status: number | undefined;
    try {
      await requestPasswordReset(email.trim());
      status = 200;
    } catch (err) {
      status = statusOf(err);
    }
    setOutcome(status === undefined || status >= 500 ? { kind: "failed", message: FORGOT.failed } : { kind: "sent", message: FORGOT.sent });
    setBusy(false);
  }

  return (
    <AuthCard title={FORGOT.title} lead={FORGOT.lead}>
      <div aria-live="polite">
        {outcome && (
          <div className={`alert ${outcome.kind === "sent" ? "alert-success" : "alert-error"}`} role={outcome.kind === "failed" ? "alert" : "status"}>
            {outcome.message}
          </div>
        )}
      </div>
      <form onSubmit={onSubmit} aria-busy={busy}>
        <div className="field">
          <label htmlFor="forgot-email">{LOGIN.email}</label>
          <input
            id="forgot-email"
            className="input"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary btn-lg auth-submit" disabled={busy}>
          {busy ? FORGOT.sending : FORGOT.submit}
        </button>
      </form>
      <p className="auth-switch">
        <Link to="/login">{FORGOT.back}</Link>
      </p>
    </AuthCard>
  );
}
