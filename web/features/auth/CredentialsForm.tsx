import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { errorText } from "../../api/client";
import { useAuth } from "../../app/auth";
import { Field } from "../../components/Field";
import { login, looksLikeEmail, signup, statusOf } from "./api";
import { FormError } from "./AuthCard";
import { landingAfterSignIn } from "./landing";
import { FIELD_ERRORS, LOGIN, PASSWORD_RULE } from "./texts";

export type CredentialsMode = "login" | "signup";

interface FieldErrors {
  email?: string;
  password?: string;
}

/** Email required and well-formed; password required, of at least 8 characters at sign-up and 6 at login (PASSWORD_RULE). */
function checkFields(mode: CredentialsMode, email: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!email.trim()) errors.email = FIELD_ERRORS.emailRequired;
  else if (!looksLikeEmail(email)) errors.email = FIELD_ERRORS.emailInvalid;
  if (!password) errors.password = FIELD_ERRORS.passwordRequired;
  else if (mode === "signup" && password.length < PASSWORD_RULE.newMin) errors.password = FIELD_ERRORS.newPasswordShort;
  else if (password.length < PASSWORD_RULE.signInMin) errors.password = FIELD_ERRORS.passwordShort;
  return errors;
}

/**
 * The login and sign-up form. Browser validation is off (noValidate): fields are checked
 * here. Login stores the tokens and goes to `next`, the page that sent the visitor here
 * (web/app/return-to.ts), else to the labels, or to /upload for an account without any (issue 33;
 * the spec's /upload for everyone left a returning seller a screen away from their parcels).
 * Sign-up then signs in with the same credentials and goes to `next` or /upload.
 */
export function CredentialsForm({ mode, next }: { mode: CredentialsMode; next: string | null }) {
  const { signIn } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const isSignup = mode === "signup";

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const errors = checkFields(mode, email, password);
    setFieldErrors(errors);
    setError(null);
    if (errors.email || errors.password) {
      document.getElementById(errors.email ? `${mode}-email` : `${mode}-password`)?.focus();
      return;
    }
    setBusy(true);
    try {
      if (isSignup) {
        try {
          await signup(email.trim(), password, consent);
        } catch (err) {
          throw statusOf(err) === 409 ? new Error(LOGIN.emailTaken) : err;
        }
      }
      let pair: Awaited<ReturnType<typeof login>>;
      try {
        pair = await login(email.trim(), password);
      } catch (err) {
        throw statusOf(err) === 401 ? new Error(LOGIN.invalidLogin) : err;
      }
      signIn(pair.access_token, pair.refresh_token);
      const to = next ?? (isSignup ? "/upload" : await landingAfterSignIn(queryClient));
      void navigate(to, { replace: true });
    } catch (err) {
      setError(err instanceof Error && !("status" in err) ? err.message : errorText(err, LOGIN.unknownError));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={busy} className="auth-form">
      <FormError message={error} />
      <Field
        id={`${mode}-email`}
        label={LOGIN.email}
        error={fieldErrors.email}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Field
        id={`${mode}-password`}
        label={LOGIN.password}
        error={fieldErrors.password}
        hint={isSignup ? PASSWORD_RULE.hint : undefined}
        aside={
          !isSignup && (
            <Link to="/forgot-password" className="small">
              {LOGIN.forgot}
            </Link>
          )
        }
        type="password"
        name="password"
        autoComplete={isSignup ? "new-password" : "current-password"}
        required
        minLength={isSignup ? PASSWORD_RULE.newMin : PASSWORD_RULE.signInMin}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {isSignup && (
        <>
          <label className="checkbox auth-consent">
            <input type="checkbox" name="marketing_consent" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
            <span>
              {LOGIN.marketing} <Link to="/terms#privacy">{LOGIN.privacy}</Link>
            </span>
          </label>
          <p className="small muted auth-agreement">
            {LOGIN.agreementBefore}
            <Link to="/terms">{LOGIN.agreementTerms}</Link>
            {LOGIN.agreementAfter}
          </p>
        </>
      )}
      <button type="submit" className="btn btn-primary btn-lg auth-submit" disabled={busy}>
        {busy ? (isSignup ? LOGIN.creatingAccount : LOGIN.signingIn) : isSignup ? LOGIN.createAccount : LOGIN.signIn}
      </button>
    </form>
  );
}
