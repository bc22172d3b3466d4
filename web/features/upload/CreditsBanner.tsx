import type { CurrentUser } from "../../../worker/api-docs/answers";
import { usePurchasePrices } from "../settings/api";
import { PurchaseOptions } from "../settings/PurchaseOptions";
import { ResendVerificationButton } from "../settings/ResendVerificationButton";
import { UPLOAD_TEXT as T } from "./texts";

/**
 * The balance above the upload tabs, and what to do at zero: a new account is told that verifying its email
 * gives 50 free credits (with a resend button), and every account sees the purchase options with their prices.
 */
export function CreditsBanner({ user }: { user: Pick<CurrentUser, "credits" | "email" | "email_verified"> }) {
  // 'Or buy credits' only where credits can be bought (the options say so when they cannot).
  const payments = usePurchasePrices().data?.configured ?? true;
  if (user.credits > 0) {
    return (
      <div className="alert alert-info credits-banner" role="status">
        <p>
          {T.creditsAvailable}: {user.credits}
        </p>
        {!user.email_verified && (
          <>
            <p className="small">{T.verifyForFree}</p>
            <ResendVerificationButton email={user.email} />
          </>
        )}
      </div>
    );
  }
  if (!user.email_verified) {
    return (
      <section className="alert alert-warning credits-banner" aria-labelledby="credits-banner-title">
        <h2 id="credits-banner-title" className="credits-banner-title">
          {T.freeTitle}
        </h2>
        <p>{T.freeLead(user.email)}</p>
        <ResendVerificationButton email={user.email} />
        {payments && <p className="credits-banner-or">{T.orBuy}</p>}
        <PurchaseOptions />
      </section>
    );
  }
  return (
    <section className="alert alert-warning credits-banner" aria-labelledby="credits-banner-title">
      <h2 id="credits-banner-title" className="credits-banner-title">
        {T.noCreditsTitle}
      </h2>
      <p>{T.noCredits}</p>
      <PurchaseOptions />
    </section>
  );
}
