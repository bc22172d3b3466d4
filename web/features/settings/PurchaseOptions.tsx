import { useState } from "react";
import { errorText } from "../../api/client";
import { createCheckoutSession, usePurchasePrices } from "./api";
import { PRICE_TEXT, PURCHASE_OPTIONS, TEXT, type Sku } from "./texts";

/**
 * The two ways to buy credits, each with its price from the configured Stripe prices. Choosing one disables it
 * and shows 'Redirecting…' until the browser leaves for Stripe Checkout; on failure the error shows and the option
 * is enabled again. Without payments on the server, a sentence says so in place of options that could not be
 * bought. Also used by the upload screen when the balance is zero.
 */
export function PurchaseOptions({ headingLevel = 3, subscribed = false }: { headingLevel?: 2 | 3; subscribed?: boolean }) {
  const [pending, setPending] = useState<Sku | null>(null);
  const [error, setError] = useState<string | null>(null);
  const prices = usePurchasePrices();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  // Until the server has answered (or when it could not), the options are shown: checkout says what is wrong.
  const configured = prices.data?.configured ?? true;

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

  if (!configured) return <p className="purchase-not-configured">{PRICE_TEXT.notConfigured}</p>;
  return (
    <div className="purchase-options">
      <div className="purchase-grid">
        {PURCHASE_OPTIONS.map((o) => {
          const owned = subscribed && o.sku === "basic_plan";
          const option = prices.data?.options.find((p) => p.sku === o.sku);
          const forSale = option?.available ?? true;
          return (
            <div key={o.sku} className="purchase-option">
              <Heading className="purchase-name">{o.name}</Heading>
              <p className="purchase-credits">
                <strong>{o.credits}</strong> credits
              </p>
              <p className="purchase-price">
                {prices.isPending ? (
                  <span className="muted small">{PRICE_TEXT.loading}</span>
                ) : option?.price ? (
                  <>
                    <strong>{option.price.text}</strong> <span className="muted small">· {option.price.perCredit}</span>
                  </>
                ) : (
                  <span className="muted small">{forSale ? PRICE_TEXT.atCheckout : PRICE_TEXT.notOnSale}</span>
                )}
              </p>
              <p className="muted small">{o.detail}</p>
              <button
                type="button"
                className="btn btn-primary"
                disabled={pending !== null || owned || !forSale}
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
