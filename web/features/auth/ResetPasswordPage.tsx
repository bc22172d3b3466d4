import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { errorText } from "../../api/client";
import { Spinner } from "../../components/Spinner";
import { confirmPasswordReset, useResetLinkState, type ResetLinkState } from "./api";
import { AuthCard, FieldError, FormError } from "./AuthCard";
import type { LoginLocationState } from "./LoginPage";
import { FIELD_ERRORS, RESET } from "./texts";

type Check = ResetLinkState | "checking" | "error";

const DEAD_LINK: Record<"expired" | "used" | "invalid", string> = {
  expired: RESET.expired,
  used: RESET.used,
  invalid: RESET.invalid,
};

/** /reset-password?token=… */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const link = useResetLinkState(token);
  const check: Check = !token ? "invalid" : link.isPending ? "checking" : link.isError ? "error" : link.data;

  if (check === "checking") {
    return (
      <AuthCard title={RESET.title}>
        <Spinner label={RESET.checking} />
      </AuthCard>
    );
  }
  if (check === "ok") return <NewPasswordForm token={token} />;
  return (
    <AuthCard title={RESET.title}>
      <div className="alert alert-error" role="alert">
        {check === "error" ? RESET.failed : DEAD_LINK[check]}
      </div>
      <div className="auth-actions">
        <Link to="/forgot-password" className="btn btn-primary">
          {RESET.requestNew}
        </Link>
        <Link to="/login" className="btn">
          {RESET.back}
        </Link>
      </div>
    </AuthCard>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [fieldError, setFieldError] = useState<{ password?: string; confirm?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const errors = {
      password: password.length < 8 ? FIELD_ERRORS.newPasswordShort : undefined,
      confirm: password.length >= 8 && password !== confirm ? FIELD_ERRORS.mismatch : undefined,
    };
    setFieldError(errors);
    if (errors.password || errors.confirm) {
      document.getElementById(errors.password ? "reset-password" : "reset-confirm")?.focus();
      return;
    }
    setBusy(true);
    try {
      await confirmPasswordReset(token, password);
      void navigate("/login", { state: { passwordReset: true } satisfies LoginLocationState });
    } catch (err) {
      setError(errorText(err, RESET.failed));
      setBusy(false);
    }
  }

  return (
    <AuthCard title={RESET.title}>
      <form onSubmit={onSubmit} noValidate aria-busy={busy}>
        <FormError message={error} />
        <div className="field">
          <label htmlFor="reset-password">{RESET.newPassword}</label>
          <input
            id="reset-password"
            className="input"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={fieldError.password ? true : undefined}
            aria-describedby={fieldError.password ? "reset-password-error" : "reset-password-hint"}
          />
          {fieldError.password ? (
            <FieldError id="reset-password-error" message={fieldError.password} />
          ) : (
            <span id="reset-password-hint" className="hint">
              {RESET.hint}
            </span>
          )}
        </div>
        <div className="field">
          <label htmlFor="reset-confirm">{RESET.confirmPassword}</label>
          <input
            id="reset-confirm"
            className="input"
            type="password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            aria-invalid={fieldError.confirm ? true : undefined}
            aria-describedby={fieldError.confirm ? "reset-confirm-error" : undefined}
          />
          <FieldError id="reset-confirm-error" message={fieldError.confirm} />
        </div>
        <button type="submit" className="btn btn-primary btn-lg auth-submit" disabled={busy}>
          {busy ? RESET.saving : RESET.submit}
        </button>
      </form>
      <p className="auth-switch">
        <Link to="/login">{RESET.back}</Link>
      </p>
    </AuthCard>
  );
}
