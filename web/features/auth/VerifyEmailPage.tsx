import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { useAuth } from "../../app/auth";
import { Spinner } from "../../components/Spinner";
import { ApiError } from "../../api/client";
import { verifyEmail } from "./api";
import { AuthCard } from "./AuthCard";
import { ResendVerificationForm } from "./ResendVerificationForm";
import { VERIFY } from "./texts";

type Outcome =
  | { state: "verifying" }
  | { state: "success"; already: boolean }
  | { state: "error"; message: string; status?: number };

/** The token from `?token=` or the hash (`#token=…` or `#…`). */
export function tokenFromLocation(search: string, hash: string): string {
  const fromQuery = new URLSearchParams(search).get("token");
  if (fromQuery?.trim()) return fromQuery.trim();
  const h = hash.replace(/^#/, "");
  const fromHash = new URLSearchParams(h).get("token") ?? (h.includes("=") ? "" : h);
  return decodeURIComponent(fromHash).trim();
}

// One call per token, even when React runs the effect twice (StrictMode) or the page remounts:
// a second call would answer 'Already verified' and hide the real first result.
const calls = new Map<string, Promise<string>>();
function verifyOnce(token: string): Promise<string> {
  let call = calls.get(token);
  if (!call) {
    call = verifyEmail(token).then((r) => r?.message ?? "");
    calls.set(token, call);
    call.catch(() => calls.delete(token));
  }
  return call;
}

/** /verify-email. */
export default function VerifyEmailPage() {
  const location = useLocation();
  const { reloadUser } = useAuth();
  const token = tokenFromLocation(location.search, location.hash);
  const [outcome, setOutcome] = useState<Outcome>({ state: "verifying" });

  useEffect(() => {
    if (!token) return;
    let live = true;
    setOutcome({ state: "verifying" });
    verifyOnce(token)
      .then((message) => {
        if (!live) return;
        setOutcome({ state: "success", already: message === "Already verified" });
        void reloadUser(); // the balance now includes the free credits
      })
      .catch((err) => {
        if (!live) return;
        const body = err instanceof ApiError ? (err.body as { error?: unknown } | undefined) : undefined;
        setOutcome({
          state: "error",
          message: typeof body?.error === "string" && body.error ? body.error : VERIFY.failedFallback,
          status: err instanceof ApiError ? err.status : undefined,
        });
      });
    return () => {
      live = false;
    };
  }, [token, reloadUser]);

  if (!token) {
    return (
      <AuthCard title={VERIFY.noToken} lead={VERIFY.noTokenHint}>
        <ResendVerificationForm />
      </AuthCard>
    );
  }
  if (outcome.state === "verifying") {
    return (
      <AuthCard title={VERIFY.title}>
        <Spinner label={VERIFY.verifying} />
      </AuthCard>
    );
  }
  if (outcome.state === "success") {
    return (
      <AuthCard title={outcome.already ? VERIFY.already : VERIFY.verified}>
        <div className="alert alert-success" role="status">
          {outcome.already ? VERIFY.alreadyText : VERIFY.verifiedText}
        </div>
        <div className="auth-actions">
          <Link to="/settings" className="btn btn-primary">
            {VERIFY.toSettings}
          </Link>
          <Link to="/" className="btn">
            {VERIFY.toHome}
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={VERIFY.failed}>
      <div className="alert alert-error" role="alert">
        {outcome.message} {outcome.status !== undefined && <span className="verify-status">(HTTP {outcome.status})</span>}
      </div>
      <ResendVerificationForm />
    </AuthCard>
  );
}
