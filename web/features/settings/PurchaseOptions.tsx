import { useState } from "react";
import { errorText } from "../../api/client";
import { createCheckoutSession } from "./api";
import { PURCHASE_OPTIONS, TEXT, type Sku } from "./texts";

/**
 * The two ways to buy credits. Choosing one disables it and shows 'Redirecting…' until
 * the browser leaves for Stripe Checkout; on failure the error shows and the option is enabled again.
 * Also used by the upload screen when the balance is zero.
 */
export function PurchaseOptions({ headingLevel = 3, subscribed = false }: { headingLevel?: 2 | 3; subscribed?: boolean }) {
  const [pending, setPending] = useState<Sku | null>(null);
  const [error, setError] = useState<string | null>(null);
  const Heading = headingLevel === 2 ? "h2" : "h3";

  async function buy(sku: Sku) {
    setPending(sku);
    setError(null);
    try {
      const res = await createCheckoutSession(sku);
      if (!res?.checkout_url) throw new Error(TEXT.invalidCheckout);
      window.location.assign(res.checkout_url);
    } catch (err) {
      setError(errorText(err, TEXT.checkoutFailed));
      setPending(null);
    }
  }

  return (
    <div className="purchase-options">
      <div className="purchase-grid">
        {PURCHASE_OPTIONS.map((o) => {
          const owned = subscribed && o.sku === "basic_plan";
          return (
          <div key={o.sku} className="purchase-option">
            <Heading className="purchase-name">{o.name}</Heading>
            <p className="purchase-credits">
              <strong>{o.credits}</strong> credits
            </p>
            <p className="muted small">{o.detail}</p>
            <button
              type="button"
              className="btn btn-primary"
              disabled={pending !== null || owned}
              aria-busy={pending === o.sku}
              onClick={() => buy(o.sku)}
            >
              {pending === o.sku ? TEXT.redirecting : owned ? "Subscribed" : o.sku === "basic_plan" ? "Subscribe" : "Buy now"}
            </button>
          </div>
          );
        })}
      </div>
      <p role="alert" className="settings-error-text">
        {error}
      </p>
    </div>
  );
}
