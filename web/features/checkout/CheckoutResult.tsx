import type { ReactNode } from "react";
import { Link } from "react-router";

export type CheckoutTone = "success" | "waiting" | "cancelled";

const MARKS: Record<CheckoutTone, ReactNode> = {
  success: <path d="M7 12.5 10.5 16 17 9" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />,
  waiting: <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />,
  cancelled: <path d="M8.5 8.5l7 7M15.5 8.5l-7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />,
};

/**
 * The card the checkout return pages share: an icon, a heading, one sentence, a way back to Settings (`back`) and,
 * where it helps, to the Credits page (`credits`). The sentence is a live region: a payment that is confirmed while
 * the page is open is announced.
 */
export function CheckoutResult({ tone, title, text, back, credits }: { tone: CheckoutTone; title: string; text: string; back?: string; credits?: string }) {
  return (
    <div className="container narrow">
      <div className={`card center checkout-result checkout-${tone}`}>
        <svg width="56" height="56" viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="checkout-icon">
          <circle cx="12" cy="12" r="11" fill="currentColor" opacity="0.15" />
          {MARKS[tone]}
        </svg>
        <h1>{title}</h1>
        <p className="muted" role="status">
          {text}
        </p>
        <div className="row checkout-actions">
          {back && (
            <Link to="/settings" className="btn btn-primary">
              {back}
            </Link>
          )}
          {credits && (
            <Link to="/credits" className={back ? "btn" : "btn btn-primary"}>
              {credits}
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
