import { useState, type FormEvent } from "react";
import { ApiError } from "../../api/client";
import { resendVerification } from "./api";
import { LOGIN, VERIFY } from "./texts";

type Resend = { state: "idle" | "sending" } | { state: "sent" | "error"; message: string };

/** The resend form of the verify screen. */
export function ResendVerificationForm() {
  const [email, setEmail] = useState("");
  const [resend, setResend] = useState<Resend>({ state: "idle" });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setResend({ state: "sending" });
    try {
      const res = await resendVerification(email.trim());
      setResend({ state: "sent", message: res?.message || VERIFY.resendSent });
    } catch (err) {
      const body = err instanceof ApiError ? (err.body as { error?: unknown } | undefined) : undefined;
      setResend({ state: "error", message: typeof body?.error === "string" && body.error ? body.error : VERIFY.resendFailed });
    }
  }

  return (
    <form onSubmit={onSubmit} className="verify-resend" aria-busy={resend.state === "sending"}>
      <h2>{VERIFY.resendTitle}</h2>
      <p className="muted small">{VERIFY.resendLead}</p>
      <div aria-live="polite">
        {resend.state === "sent" && (
          <div className="alert alert-success" role="status">
            {resend.message}
          </div>
        )}
        {resend.state === "error" && (
          <div className="alert alert-error" role="alert">
            {resend.message}
          </div>
        )}
      </div>
      <div className="field">
        <label htmlFor="resend-email">{LOGIN.email}</label>
        <input
          id="resend-email"
          className="input"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={resend.state === "sending"}>
        {resend.state === "sending" ? VERIFY.sending : VERIFY.send}
      </button>
    </form>
  );
}
