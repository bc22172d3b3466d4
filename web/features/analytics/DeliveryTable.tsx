import { formatNumber } from "../../components/numbers";
import { Link } from "react-router";
import type { DeliveryGroup } from "./api";
import { days, rate } from "./DeliveryCards";
import { DAY_BUCKETS, T } from "./texts";

/** The transit figures per courier and service as a table (screen readers, keyboard), each row opening its labels. */
export function DeliveryTable({
  id,
  services,
  courierName,
  hrefFor,
}: {
  id: string;
  services: DeliveryGroup[];
  courierName: (id: string) => string;
  hrefFor: (courier: string) => string;
}) {
  return (
    <div className="table-wrap delivery-table" id={id}>
      <table className="table">
        <caption className="sr-only">{T.transitTitle}</caption>
        <thead>
          <tr>
            <th scope="col">{T.service}</th>
            <th scope="col">{T.delivered}</th>
            <th scope="col">{T.onTime}</th>
            <th scope="col">{T.median}</th>
            {DAY_BUCKETS.map((b) => (
              <th scope="col" key={b}>
                {b}
              </th>
            ))}
            <th scope="col">
              <span className="sr-only">{T.open}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {services.map((s) => {
            const name = `${courierName(s.courier)} · ${s.service ?? T.unknownService}`;
            return (
              <tr key={`${s.courier} ${s.service ?? ""}`}>
                <th scope="row">{name}</th>
                <td>{formatNumber(s.delivered)}</td>
                <td>{rate(s.onTimeRate)}</td>
                <td>{days(s.medianTransitDays)}</td>
                {s.transitDays.map((n, i) => (
                  <td key={DAY_BUCKETS[i]}>{formatNumber(n)}</td>
                ))}
                <td>
                  <Link to={hrefFor(s.courier)} aria-label={`${T.open} ${courierName(s.courier)} labels`}>
                    {T.open}
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
