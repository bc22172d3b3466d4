import { ApiError } from "../../api/client";
import { Field } from "../../components/Field";
import { resendVerification } from "./api";
import { OutcomeNotice, useEmailRequest } from "./EmailRequest";
import { LOGIN, VERIFY } from "./texts";

/** The resend form of the verify screen. */
export function ResendVerificationForm() {
  const { email, setEmail, busy, outcome, onSubmit } = useEmailRequest(async (address) => {
    try {
      const res = await resendVerification(address);
      return { kind: "sent", message: res?.message || VERIFY.resendSent };
    } catch (err) {
      const body = err instanceof ApiError ? (err.body as { error?: unknown } | undefined) : undefined;
      return { kind: "failed", message: typeof body?.error === "string" && body.error ? body.error : VERIFY.resendFailed };
    }
  });

  return (
    <form onSubmit={onSubmit} className="verify-resend" aria-busy={busy}>
      <h2>{VERIFY.resendTitle}</h2>
      <p className="muted small">{VERIFY.resendLead}</p>
      <OutcomeNotice outcome={outcome} />
      <Field id="resend-email" label={LOGIN.email} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? VERIFY.sending : VERIFY.send}
      </button>
    </form>
  );
}
