import { formatNumber } from "../../components/numbers";
import { Link } from "react-router";
import type { AnalyticsTimeseries } from "./api";
import { longDay } from "./chart-scales";
import { T } from "./texts";

/** The chart's numbers as a table (screen readers, keyboard), each day linking to its labels. */
export function DailyTable({
  id,
  points,
  hrefFor,
}: {
  id: string;
  points: AnalyticsTimeseries["points"];
  hrefFor: (day: string) => string;
}) {
  return (
    <div className="table-wrap analytics-table" id={id}>
      <table className="table">
        <caption className="sr-only">{T.chartTitle}</caption>
        <thead>
          <tr>
            <th scope="col">{T.day}</th>
            <th scope="col">{T.labels}</th>
            <th scope="col">
              <span className="sr-only">{T.open}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.ts}>
              <th scope="row">
                <time dateTime={p.ts}>{longDay(p.ts)}</time>
              </th>
              <td>{formatNumber(p.value)}</td>
              <td>
                <Link to={hrefFor(p.ts)} aria-label={`${T.open} labels for ${longDay(p.ts)}`}>
                  {T.open}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
