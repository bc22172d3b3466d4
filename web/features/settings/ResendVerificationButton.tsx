import { useState } from "react";
import { errorText } from "../../api/client";
import { resendVerification } from "./api";
import { TEXT } from "./texts";

type Resend = { state: "idle" | "sending" } | { state: "sent" | "error"; message: string };

/** 'Resend verification email' for the signed-in user's address, with what the server said beside it. */
export function ResendVerificationButton({ email }: { email: string }) {
  const [resend, setResend] = useState<Resend>({ state: "idle" });

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
    <div className="row">
      <button type="button" className="btn btn-sm" onClick={onResend} disabled={resend.state === "sending"}>
        {resend.state === "sending" ? TEXT.resending : TEXT.resend}
      </button>
      <span role="status" aria-live="polite" className={resend.state === "error" ? "settings-error-text" : "small"}>
        {"message" in resend ? resend.message : ""}
      </span>
    </div>
  );
}
