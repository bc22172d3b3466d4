import { formatNumber } from "../../components/numbers";
import { Link } from "react-router";
import type { DeliveryAnalytics } from "./api";
import { labelsHref, type AnalyticsFilters } from "./filters";
import { T } from "./texts";

const count = (n: number) => formatNumber(n);
export const rate = (r: number | null) => (r === null ? "–" : `${Math.round(r * 1000) / 10}%`);
/** A median in working days: "1 day", "1.5 days", "10+ days" (the figures stop at 10), "–" without any. */
export const days = (d: number | null) => (d === null ? "–" : `${d >= 10 ? "10+" : formatNumber(d)} ${d === 1 ? "day" : "days"}`);

/** The four delivery cards, each opening the labels behind it. */
export function DeliveryCards({ data, filters }: { data: DeliveryAnalytics; filters: AnalyticsFilters }) {
  const t = data.totals;
  const cards = [
    { title: T.onTime, value: rate(data.onTimeRate), note: T.onTimeNote(count(t.onTime), count(t.delivered)), href: labelsHref(filters) },
    { title: T.firstScan, value: days(data.firstScan.medianDays), note: T.firstScanNote(count(data.firstScan.scanned)), href: labelsHref(filters) },
    { title: T.transit, value: days(data.transit.medianDays), note: T.transitNote, href: labelsHref(filters) },
    { title: T.lostClaimed, value: `${count(t.lost)} / ${count(t.claimed)}`, note: T.lostClaimedNote(count(t.lost), count(t.claimed)), href: labelsHref(filters, { lost: "1" }) },
  ];
  return (
    <ul className="analytics-cards delivery-cards">
      {cards.map((c) => (
        <li key={c.title} className="card analytics-card">
          <div className="card-title">{c.title}</div>
          <div className="analytics-card-value">{c.value}</div>
          <div className="muted small">{c.note}</div>
          <Link className="small" to={c.href} aria-label={`${T.openLabels}: ${c.title}`}>
            {T.openLabels}
          </Link>
        </li>
      ))}
    </ul>
  );
}
