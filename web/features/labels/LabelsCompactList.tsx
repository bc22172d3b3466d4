import { useState } from "react";
import { Link } from "react-router";
import { CourierLogo } from "./CourierLogo";
import { details } from "./format";
import { LabelCard } from "./LabelCard";
import { DeadlineText, LatestEvent, StatusLine, TagsAndNote } from "./LabelSummary";
import { labelHref, type LabelSelectionProps } from "./LabelsTable";
import { unreadText } from "./readingTexts";
import type { ApiLabel } from "./types";

function CompactRow({ label, isSelected, onSelectedChange }: { label: ApiLabel } & LabelSelectionProps) {
  const [open, setOpen] = useState(false);
  const to = details(label).address;
  const recipient = [to?.name, to?.postcode].filter(Boolean).join(", ");
  const cardId = `label-card-${label.id}`;
  return (
    <li className="compact-row">
      <article className="card compact-card" aria-label={`Label ${label.trackingCode}`}>
        <div className="compact-head">
          <input type="checkbox" className="label-select" aria-label={`Select label ${label.trackingCode}`} checked={isSelected(label.id)} onChange={(e) => onSelectedChange(label.id, e.target.checked)} />
          <CourierLogo courier={label.courier} />
          <Link to={labelHref(label)} className="mono compact-code">
            {label.trackingCode}
          </Link>
        </div>
        <p className="compact-recipient">{recipient || <span className="muted">{unreadText(label) ?? "No recipient"}</span>}</p>
        <div className="compact-status">
          <StatusLine label={label} />
          <LatestEvent label={label} inline />
        </div>
        <DeadlineText label={label} />
        <TagsAndNote label={label} />
        <button type="button" className="btn btn-sm compact-toggle" aria-expanded={open} aria-controls={cardId} onClick={() => setOpen((o) => !o)}>
          {open ? "Fewer details" : "More details"}
        </button>
      </article>
      {/* The card's other parts (addresses, facts, every event), one tap away. */}
      <div id={cardId} hidden={!open}>
        {open && <LabelCard label={label} />}
      </div>
    </li>
  );
}

/** The compact view for phones: a few lines per label (courier, code, recipient, status, deadline), its card one tap away. */
export function LabelsCompactList({ labels, ...selection }: { labels: ApiLabel[] } & LabelSelectionProps) {
  return (
    <ul className="compact-list">
      {labels.map((l) => (
        <CompactRow key={l.id} label={l} {...selection} />
      ))}
    </ul>
  );
}
