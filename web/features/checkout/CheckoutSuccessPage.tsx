import { useEffect } from "react";
import { useLocation } from "react-router";
import { errorText } from "../../api/client";
import { useAuth } from "../../app/auth";
import { Spinner } from "../../components/Spinner";
import { useCheckoutOutcome } from "../credits/api";
import { CHECKOUT_TEXT as T } from "../credits/texts";
import { CheckoutResult } from "./CheckoutResult";

/**
 * /checkout/success?session_id=…: Stripe returns here after payment. The page asks the server whether that session
 * was paid and its credits are in (Stripe's signed event grants them, usually before the browser is back), and says
 * 'Payment Successful!' only then (issue 33: opened directly, it claimed credits were added). Paid but not yet
 * credited, it waits for the event; not paid, it says nothing was charged; with no session, there is nothing to confirm.
 */
export default function CheckoutSuccessPage() {
  const { reloadUser } = useAuth();
  const sessionId = new URLSearchParams(useLocation().search).get("session_id");
  const { query: outcome, slow } = useCheckoutOutcome(sessionId);
  const credited = outcome.data?.credited === true;
  // The header's balance follows as soon as the credits are in.
  useEffect(() => {
    if (credited) void reloadUser();
  }, [credited, reloadUser]);

  if (!sessionId) return <CheckoutResult tone="cancelled" title={T.noSessionTitle} text={T.noSessionText} credits={T.seeCredits} />;
  if (outcome.isPending) return <Spinner label={T.checking} />;
  if (outcome.isError) return <CheckoutResult tone="cancelled" title={T.failedTitle} text={errorText(outcome.error, T.failedText)} credits={T.seeCredits} />;
  const o = outcome.data;
  if (o.credited) return <CheckoutResult tone="success" title={T.successTitle} text={T.successText} back={T.backToSettings} credits={T.seeCredits} />;
  if (o.paid) {
    return <CheckoutResult tone="waiting" title={T.waitingTitle} text={slow ? T.slowText : T.waitingText} credits={T.seeCredits} />;
  }
  // Complete but unpaid: a payment method that settles later (Stripe sends the event when it does).
  if (o.status === "complete") return <CheckoutResult tone="waiting" title={T.processingTitle} text={T.processingText} credits={T.seeCredits} />;
  return <CheckoutResult tone="cancelled" title={T.notPaidTitle} text={T.notPaidText} credits={T.seeCredits} />;
}
