import { EXTRA_DATE, formatDate } from "./format";
import type { ApiLabel } from "./types";

const DATES: Array<[keyof NonNullable<ApiLabel["deadlines"]>, string]> = [
  ["expectedBy", "Expected by"],
  ["enquiryBy", "Enquiry by"],
  ["claimableFrom", "Claimable from"],
  ["claimClosesOn", "Claims close on"],
];

/**
 * What to do next about the carrier's deadlines, as the server words it: a warning when the
 * parcel is late and the user must act, a quiet line otherwise, nothing once delivered. The
 * detail page also lists the dates.
 */
export function DeadlineNote({ label, detail }: { label: ApiLabel; detail?: boolean }) {
  const deadlines = label.deadlines;
  if (!deadlines?.sentence) return null;
  const dates = detail ? DATES.filter(([key]) => deadlines[key]) : [];
  const list = dates.length > 0 && (
    <dl className="facts small">
      {dates.map(([key, name]) => (
        <div key={key}>
          <dt>{name}</dt>
          <dd>{formatDate(deadlines[key] as string, EXTRA_DATE)}</dd>
        </div>
      ))}
    </dl>
  );
  if (deadlines.urgent) {
    return (
      <div className="alert alert-warning deadline-warning" role="status" aria-label="Carrier deadlines">
        <strong>{deadlines.sentence}</strong>
        {list}
      </div>
    );
  }
  return (
    <div>
      <p className="muted small">{deadlines.sentence}</p>
      {list}
    </div>
  );
}
