import { useEffect } from "react";
import { useAuth } from "../../app/auth";
import { CheckoutResult } from "./CheckoutResult";

/** /checkout/success: Stripe returns here after payment. Credits arrive by webhook; refresh the balance. */
export default function CheckoutSuccessPage() {
  const { reloadUser } = useAuth();
  useEffect(() => {
    void reloadUser();
  }, [reloadUser]);
  return (
    <CheckoutResult tone="success" title="Payment Successful!" text="Your credits have been successfully added to your account." back="Return to Settings" />
  );
}
