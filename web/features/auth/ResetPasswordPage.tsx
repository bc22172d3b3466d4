import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { errorText } from "../../api/client";
import { Field } from "../../components/Field";
import { Spinner } from "../../components/Spinner";
import { confirmPasswordReset, useResetLinkState, type ResetLinkState } from "./api";
import { AuthCard, FormError } from "./AuthCard";
import type { LoginLocationState } from "./LoginPage";
import { FIELD_ERRORS, PASSWORD_RULE, RESET } from "./texts";

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
      password: password.length < PASSWORD_RULE.newMin ? FIELD_ERRORS.newPasswordShort : undefined,
      confirm: password.length >= PASSWORD_RULE.newMin && password !== confirm ? FIELD_ERRORS.mismatch : undefined,
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
        <Field
          id="reset-password"
          label={RESET.newPassword}
          error={fieldError.password}
          hint={PASSWORD_RULE.hint}
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_RULE.newMin}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Field
          id="reset-confirm"
          label={RESET.confirmPassword}
          error={fieldError.confirm}
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
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
