import { formatNumber } from "../../components/numbers";
import type { CreditMovement } from "./api";

// The Credits page's and the checkout return pages' texts, in one place.

const labels = (n: number) => `${formatNumber(n)} ${n === 1 ? "label" : "labels"}`;
const credits = (n: number) => `${formatNumber(n)} ${n === 1 ? "credit" : "credits"}`;

export const CREDITS_TEXT = {
  title: "Credits",
  subtitle: "Your balance, ways to buy more, and where every credit went.",
  balanceTitle: "Balance",
  historyTitle: "History",
  historyLead: "Every change of your balance, newest first. A label costs 1 credit when it is first created; saving it again is free.",
  loading: "Loading your history…",
  loadFailed: "Could not load your credit history.",
  retry: "Try again",
  empty: "No credits have come or gone yet.",
  older: "Show older",
  loadingOlder: "Loading…",
  deleted: "deleted",
  more: (n: number) => `and ${labels(n)} more`,
  balanceAfter: (n: number) => `Balance ${formatNumber(n)}`,
  change: (delta: number) => `${delta > 0 ? "+" : "−"}${formatNumber(Math.abs(delta))}`,
  changeSpoken: (delta: number) => `${delta > 0 ? "added" : "used"} ${credits(Math.abs(delta))}`,
  /** The header's balance, '97' and ' credits': the narrowest phones show the figure alone (the word stays for screen readers). */
  balance: (n: number) => [formatNumber(n), n === 1 ? " credit" : " credits"] as const,
  balanceLink: "Your credits: balance and history",
} as const;

/** What a movement was, in words. */
export function movementText(m: Pick<CreditMovement, "reason" | "labelCount">): string {
  switch (m.reason) {
    case "label":
      return `${labels(m.labelCount)} created`;
    case "purchase":
      return "One-off Pack bought";
    case "subscription":
      return "Monthly Subscription: this month's credits";
    case "free_verification":
      return "Free credits for verifying your email";
    case "admin_grant":
      return "Added by Parcelhive";
    case "refund":
      return "Refund";
  }
}

export const CHECKOUT_TEXT = {
  checking: "Checking your payment…",
  // The spec's, once the credits are in.
  successTitle: "Payment Successful!",
  successText: "Your credits have been successfully added to your account.",
  backToSettings: "Return to Settings",
  seeCredits: "See your credits",
  waitingTitle: "Payment received",
  waitingText: "Your credits are on their way: they appear as soon as Stripe confirms the payment, usually within a minute.",
  slowText: "Stripe has not confirmed the payment yet. Your credits are added as soon as it does: your balance and history show them.",
  processingTitle: "Payment processing",
  processingText: "Your payment is still being processed. Your credits are added once it clears: your balance and history show them.",
  notPaidTitle: "Payment not completed",
  notPaidText: "The payment was not completed, so no credits were added and nothing was charged.",
  noSessionTitle: "No payment to confirm",
  noSessionText: "This page confirms a payment when Stripe sends you back after paying. Your balance and every purchase are on the Credits page.",
  failedTitle: "We could not confirm this payment",
  failedText: "Could not check the payment. Your balance and every purchase are on the Credits page.",
} as const;
