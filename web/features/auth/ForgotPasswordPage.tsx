import { Link } from "react-router";
import { Field } from "../../components/Field";
import { requestPasswordReset, statusOf } from "./api";
import { AuthCard } from "./AuthCard";
import { OutcomeNotice, useEmailRequest } from "./EmailRequest";
import { FORGOT, LOGIN } from "./texts";

/**
 * /forgot-password. The answer never says whether the address has an account:
 * no status or a 5xx is 'Something went wrong'; any other status shows the same sent text.
 */
export default function ForgotPasswordPage() {
  const { email, setEmail, busy, outcome, onSubmit } = useEmailRequest(async (address) => {
    let status: number | undefined;
    try {
      await requestPasswordReset(address);
      status = 200;
    } catch (err) {
      status = statusOf(err);
    }
    return status === undefined || status >= 500 ? { kind: "failed", message: FORGOT.failed } : { kind: "sent", message: FORGOT.sent };
  });

  return (
    <AuthCard title={FORGOT.title} lead={FORGOT.lead}>
      <OutcomeNotice outcome={outcome} />
      <form onSubmit={onSubmit} aria-busy={busy}>
        <Field id="forgot-email" label={LOGIN.email} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
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
