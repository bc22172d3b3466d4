import { useRef, useState, type KeyboardEvent } from "react";
import { useLocation } from "react-router";
import { AuthCard } from "./AuthCard";
import { CredentialsForm, type CredentialsMode } from "./CredentialsForm";
import { LOGIN } from "./texts";

const TABS: { mode: CredentialsMode; label: string }[] = [
  { mode: "login", label: LOGIN.tabLogin },
  { mode: "signup", label: LOGIN.tabSignup },
];

/** Navigation state the reset-password screen sets after a successful reset. */
export interface LoginLocationState {
  passwordReset?: boolean;
}

/** /login: the Login and Sign up tabs. `#signup` opens the sign-up tab. */
export default function LoginPage() {
  const location = useLocation();
  const [mode, setMode] = useState<CredentialsMode>(location.hash === "#signup" ? "signup" : "login");
  const tabRefs = useRef<Record<CredentialsMode, HTMLButtonElement | null>>({ login: null, signup: null });
  const resetDone = Boolean((location.state as LoginLocationState | null)?.passwordReset);

  function choose(next: CredentialsMode, focus = false) {
    setMode(next);
    if (focus) tabRefs.current[next]?.focus();
  }

  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  function onTabKey(e: KeyboardEvent) {
    if (e.key === "ArrowRight" || e.key === "ArrowLeft" || e.key === "Home" || e.key === "End") {
      e.preventDefault();
      choose(mode === "login" ? "signup" : "login", true);
    }
  }

  const isSignup = mode === "signup";
  return (
    <AuthCard>
      <div className="tabs auth-tabs" role="tablist" aria-label="Account">
        {TABS.map((t) => (
          <button
            key={t.mode}
            ref={(el) => {
              tabRefs.current[t.mode] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${t.mode}`}
            className="tab"
            aria-selected={mode === t.mode}
            aria-controls={`panel-${t.mode}`}
            tabIndex={mode === t.mode ? 0 : -1}
            onClick={() => choose(t.mode)}
            onKeyDown={onTabKey}
          >
            {t.label}
          </button>
        ))}
      </div>
      <section role="tabpanel" id={`panel-${mode}`} aria-labelledby={`tab-${mode}`}>
        <h1 className="auth-title">{isSignup ? LOGIN.signupHeading : LOGIN.loginHeading}</h1>
        <p className="muted auth-lead">{isSignup ? LOGIN.signupLead : LOGIN.loginLead}</p>
        {!isSignup && resetDone && (
          <div className="alert alert-success" role="status">
            {LOGIN.resetDone}
          </div>
        )}
        {/* key: each tab gets a fresh form, so errors and busy state never leak across tabs. */}
        <CredentialsForm key={mode} mode={mode} />
        <p className="auth-switch">
          <button type="button" className="link-button" onClick={() => choose(isSignup ? "login" : "signup", true)}>
            {isSignup ? LOGIN.toLogin : LOGIN.toSignup}
          </button>
        </p>
      </section>
    </AuthCard>
  );
}
