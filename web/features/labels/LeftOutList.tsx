import { Link } from "react-router";
import { LEFT_OUT_REASONS, type LeftOutByReason, type LeftOutReason } from "../../../shared/left-out";

/**
 * The labels a bulk print left out, by reason, each code a link to its label page (where a missing address is
 * added): 'No recipient name and address (add them on the label page): H04AQA0004726589'.
 */
export function LeftOutList({ reasons, total }: { reasons: LeftOutByReason; total: number }) {
  const entries = (Object.entries(reasons) as Array<[LeftOutReason, string[]]>).filter(([, codes]) => codes.length);
  const named = entries.reduce((n, [, codes]) => n + codes.length, 0);
  return (
    <ul className="left-out-list">
      {entries.map(([reason, codes]) => (
        <li key={reason}>
          {LEFT_OUT_REASONS[reason].charAt(0).toUpperCase() + LEFT_OUT_REASONS[reason].slice(1)}:{" "}
          {codes.map((code, i) => (
            <span key={code}>
              {i > 0 && ", "}
              <Link className="mono" to={`/label/${encodeURIComponent(code)}`}>
                {code}
              </Link>
            </span>
          ))}
        </li>
      ))}
      {total > named && <li>and {total - named} more</li>}
    </ul>
  );
}
