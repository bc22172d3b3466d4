import { formatNumber } from "../../components/numbers";
import { type ReactNode, useId } from "react";
import { Spinner } from "../../components/Spinner";
import type { BuyerAnalytics } from "./api";
import { T } from "./texts";
import type { Load } from "./useAnalytics";

const count = (n: number) => formatNumber(n);

/** 'Your buyers': how often buyers opened the tracking pages, and the mails sent to them, under the page's filters. */
export function BuyerCards({ state }: { state: Load<BuyerAnalytics> }) {
  const id = useId();
  if (state.status === "idle") return null;
  let body: ReactNode;
  if (state.status === "loading") body = <Spinner label={T.loading} />;
  else if (state.status === "error") {
    body = (
      <div className="alert alert-error" role="alert">
        <strong>{T.failedBuyers}</strong>
        {state.message && <span className="small"> ({state.message})</span>}
      </div>
    );
  } else if (state.data.pageViews === 0 && state.data.pagesShared === 0 && state.data.mailsSent === 0) {
    body = (
      <p className="empty" role="status">
        {T.noBuyers}
      </p>
    );
  } else {
    const b = state.data;
    const cards = [
      { title: T.pageViews, value: count(b.pageViews), note: T.pageViewsNote(count(b.pagesOpened), count(b.pagesShared)) },
      { title: T.buyerMails, value: count(b.mailsSent), note: T.buyerMailsNote },
    ];
    body = (
      <ul className="analytics-cards">
        {cards.map((c) => (
          <li key={c.title} className="card analytics-card">
            <div className="card-title">{c.title}</div>
            <div className="analytics-card-value">{c.value}</div>
            <div className="muted small">{c.note}</div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section className="card analytics-delivery" aria-labelledby={id} aria-busy={state.status === "loading"}>
      <h2 id={id}>{T.buyers}</h2>
      <p className="muted small">{T.buyersNote}</p>
      {body}
    </section>
  );
}
