import { useState } from "react";
import { Navigate, useLocation } from "react-router";
import { useAuth } from "../../app/auth";
import { returnPathOf } from "../../app/return-to";
import { TabList, type TabPair } from "../../components/TabList";
import { AuthCard } from "./AuthCard";
import { CredentialsForm, type CredentialsMode } from "./CredentialsForm";
import { LOGIN } from "./texts";

const TABS: TabPair<CredentialsMode> = [
  { id: "login", label: LOGIN.tabLogin },
  { id: "signup", label: LOGIN.tabSignup },
];
const tabId = (mode: CredentialsMode) => `tab-${mode}`;

/** Navigation state the reset-password screen sets after a successful reset. */
export interface LoginLocationState {
  passwordReset?: boolean;
}

/**
 * /login: the Login and Sign up tabs. `#signup` opens the sign-up tab; `?next=` is the page to return to after
 * signing in (web/app/return-to.ts).
 */
export default function LoginPage() {
  const location = useLocation();
  const next = returnPathOf(location.search);
  const [mode, setMode] = useState<CredentialsMode>(location.hash === "#signup" ? "signup" : "login");
  const resetDone = Boolean((location.state as LoginLocationState | null)?.passwordReset);
  // Already signed in on arrival (a bookmark, the back button, another tab signed in): the page asked for, else the
  // labels, not a second sign-in. Signing in on this page moves on itself (CredentialsForm).
  const { accessToken } = useAuth();
  const [signedInOnArrival] = useState(() => Boolean(accessToken));

  function switchTab(next: CredentialsMode) {
    setMode(next);
    document.getElementById(tabId(next))?.focus();
  }

  if (signedInOnArrival) return <Navigate to={next ?? "/labels"} replace />;
  const isSignup = mode === "signup";
  return (
    <AuthCard>
      <TabList tabs={TABS} selected={mode} onSelect={setMode} label="Account" className="tabs auth-tabs" tabId={tabId} panelId={(m) => `panel-${m}`} />
      <section role="tabpanel" id={`panel-${mode}`} aria-labelledby={tabId(mode)}>
        <h1 className="auth-title">{isSignup ? LOGIN.signupHeading : LOGIN.loginHeading}</h1>
        <p className="muted auth-lead">{isSignup ? LOGIN.signupLead : LOGIN.loginLead}</p>
        {!isSignup && resetDone && (
          <div className="alert alert-success" role="status">
            {LOGIN.resetDone}
          </div>
        )}
        {/* key: each tab gets a fresh form, so errors and busy state never leak across tabs. */}
        <CredentialsForm key={mode} mode={mode} next={next} />
        <p className="auth-switch">
          <button type="button" className="link-button" onClick={() => switchTab(isSignup ? "login" : "signup")}>
            {isSignup ? LOGIN.toLogin : LOGIN.toSignup}
          </button>
        </p>
      </section>
    </AuthCard>
  );
}
