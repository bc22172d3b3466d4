import { Link } from "react-router";

/** The card both checkout return pages share: an icon, a heading, one sentence and a way back to Settings. */
export function CheckoutResult({ tone, title, text, back }: { tone: "success" | "cancelled"; title: string; text: string; back: string }) {
  return (
    <div className="container narrow">
      <div className={`card center checkout-result checkout-${tone}`}>
        <svg width="56" height="56" viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="checkout-icon">
          <circle cx="12" cy="12" r="11" fill="currentColor" opacity="0.15" />
          {tone === "success" ? (
            <path d="M7 12.5 10.5 16 17 9" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          ) : (
            <path d="M8.5 8.5l7 7M15.5 8.5l-7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          )}
        </svg>
        <h1>{title}</h1>
        <p className="muted">{text}</p>
        <Link to="/settings" className="btn btn-primary">
          {back}
        </Link>
      </div>
    </div>
  );
}
