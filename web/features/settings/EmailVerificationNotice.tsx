import { AlertIcon, CheckIcon } from "../../components/icons";
import { ResendVerificationButton } from "./ResendVerificationButton";
import { TEXT } from "./texts";

/** Green when verified, amber with a resend button when not, nothing while unknown. */
export function EmailVerificationNotice({ email, verified }: { email: string; verified: boolean | undefined }) {
  if (verified === undefined) return null;
  if (verified) {
    return (
      <div className="alert alert-success settings-notice" role="status">
        <CheckIcon />
        <span>{TEXT.verified}</span>
      </div>
    );
  }

  return (
    <div className="alert alert-warning settings-notice">
      <AlertIcon />
      <div className="stack settings-notice-body">
        <span>{TEXT.notVerified}</span>
        <ResendVerificationButton email={email} />
      </div>
    </div>
  );
}
