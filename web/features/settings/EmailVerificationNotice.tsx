import { useState } from "react";
import { errorText } from "../../api/client";
import { resendVerification } from "./api";
import { AlertIcon, CheckIcon } from "../../components/icons";
import { TEXT } from "./texts";

type Resend = { state: "idle" | "sending" } | { state: "sent" | "error"; message: string };

/** Green when verified, amber with a resend button when not, nothing while unknown. */
export function EmailVerificationNotice({ email, verified }: { email: string; verified: boolean | undefined }) {
  const [resend, setResend] = useState<Resend>({ state: "idle" });
  if (verified === undefined) return null;
  if (verified) {
    return (
      <div className="alert alert-success settings-notice" role="status">
        <CheckIcon />
        <span>{TEXT.verified}</span>
      </div>
    );
  }

  async function onResend() {
    setResend({ state: "sending" });
    try {
      const res = await resendVerification(email);
      setResend({ state: "sent", message: res?.message || TEXT.resendSent });
    } catch (err) {
      setResend({ state: "error", message: errorText(err, TEXT.resendFailed) });
    }
  }

  return (
    <div className="alert alert-warning settings-notice">
      <AlertIcon />
      <div className="stack settings-notice-body">
        <span>{TEXT.notVerified}</span>
        <div className="row">
          <button type="button" className="btn btn-sm" onClick={onResend} disabled={resend.state === "sending"}>
            {resend.state === "sending" ? TEXT.resending : TEXT.resend}
          </button>
          <span role="status" aria-live="polite" className={resend.state === "error" ? "settings-error-text" : "small"}>
            {"message" in resend ? resend.message : ""}
          </span>
        </div>
      </div>
    </div>
  );
}
