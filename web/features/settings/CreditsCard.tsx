import { useState } from "react";
import { Link } from "react-router";
import { errorText } from "../../api/client";
import { openBillingPortal } from "./api";
import { PurchaseOptions } from "./PurchaseOptions";
import { TEXT } from "./texts";

const SUBSCRIBED = new Set(["active", "trialing", "past_due", "unpaid", "incomplete", "paused"]);
/** Whether the account holds a subscription that still bills (closing cancels it). */
export const isSubscribed = (status: string | null | undefined) => Boolean(status && SUBSCRIBED.has(status));

/**
 * Balance, the purchase options and, for subscribers, Stripe's portal to manage or cancel; on Settings a link to the
 * Credits page, where every credit's history is (`historyLink`).
 */
export function CreditsCard({
  credits,
  subscriptionStatus,
  historyLink = true,
  title = TEXT.balanceTitle,
}: {
  credits: number;
  subscriptionStatus: string | null | undefined;
  historyLink?: boolean;
  title?: string;
}) {
  const subscribed = isSubscribed(subscriptionStatus);
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function manage() {
    setOpening(true);
    setError(null);
    try {
      const res = await openBillingPortal();
      if (!res?.url) throw new Error(TEXT.portalFailed);
      window.location.assign(res.url);
    } catch (err) {
      setError(errorText(err, TEXT.portalFailed));
      setOpening(false);
    }
  }

  return (
    <section className="card" aria-labelledby="credits-title">
      <h2 id="credits-title">{title}</h2>
      <p className="credits-balance">
        <span className="muted">{TEXT.balance}: </span>
        <strong data-testid="credit-balance">{credits}</strong>
        {historyLink && (
          <>
            {" "}
            <Link to="/credits" className="small credits-history-link">
              {TEXT.creditHistory}
            </Link>
          </>
        )}
      </p>
      {subscribed && (
        <div className="row credits-subscription">
          <span className={subscriptionStatus === "active" || subscriptionStatus === "trialing" ? "badge badge-ok" : "badge badge-warn"}>
            Monthly Subscription: {subscriptionStatus === "past_due" ? "payment failed" : subscriptionStatus}
          </span>
          <button type="button" className="btn btn-sm" onClick={manage} disabled={opening}>
            {opening ? TEXT.redirecting : TEXT.manageSubscription}
          </button>
          <span role="alert" className="settings-error-text">
            {error}
          </span>
        </div>
      )}
      <PurchaseOptions subscribed={subscribed} />
    </section>
  );
}
