import { CheckoutResult } from "./CheckoutResult";

/** /checkout/cancelled: Stripe returns here when the buyer backs out. */
export default function CheckoutCancelledPage() {
  return (
    <CheckoutResult
      tone="cancelled"
      title="Payment Cancelled"
      text="Your credit purchase was cancelled. No changes were made to your account."
      back="Back to Settings"
    />
  );
}
