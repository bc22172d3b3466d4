import { formatNumber } from "../../components/numbers";
import { Spinner } from "../../components/Spinner";
import type { AnalyticsSummary } from "./api";
import { T } from "./texts";
import type { Load } from "./useAnalytics";

const count = (n: number) => formatNumber(n);
const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 1000) / 10}%` : "–");

/** The four cards: Total parcels, Average weight (rounded, g), Next-day share, Potentially lost. */
export function SummaryCards({ state }: { state: Load<AnalyticsSummary> }) {
  if (state.status === "idle") return null;
  if (state.status === "loading") return <Spinner label={T.loading} />;
  if (state.status === "error") {
    return (
      <div className="alert alert-error" role="alert">
        <strong>{T.failedSummary}</strong>
        {state.message && <span className="small"> ({state.message})</span>}
      </div>
    );
  }
  const s = state.data;
  if (s.totals.rows === 0) {
    return (
      <p className="empty" role="status">
        {T.noData}
      </p>
    );
  }
  const lost = s.lostMix.find((m) => m.lost)?.count ?? 0;
  const nextDay = s.nextDayMixEvri.find((m) => m.isNextDay)?.count ?? 0;
  const evriKnown = s.nextDayMixEvri.reduce((a, m) => a + m.count, 0);
  const cards = [
    { title: T.totalParcels, value: count(s.totals.rows), note: "" },
    { title: T.averageWeight, value: s.weightStats.avg === null ? "–" : `${count(Math.round(s.weightStats.avg))} g`, note: "" },
    { title: T.nextDayShare, value: percent(nextDay, evriKnown), note: `${count(nextDay)} of ${count(evriKnown)} Evri` },
    { title: T.lostShare, value: percent(lost, s.totals.rows), note: `${count(lost)} of ${count(s.totals.rows)}` },
  ];
  return (
    <ul className="analytics-cards">
      {cards.map((c) => (
        <li key={c.title} className="card analytics-card">
          <div className="card-title">{c.title}</div>
          <div className="analytics-card-value">{c.value}</div>
          {c.note && <div className="muted small">{c.note}</div>}
        </li>
      ))}
    </ul>
  );
}
