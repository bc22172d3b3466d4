import { Link } from "react-router";
import { CopyButton } from "../../components/CopyButton";
import { details } from "./format";
import { CardPrint } from "./LabelCard";
import { useCourier } from "./labelsApi";
import { DeadlineText, LatestEvent, StatusLine, TagsAndNote } from "./LabelSummary";
import { CopyPageLinkButton, SendToBuyerButton } from "./TrackingPageLink";
import { DeleteLabelButton } from "./DeleteLabels";
import { unreadText } from "./readingTexts";
import type { ApiLabel } from "./types";

/** The link to a label's page: by id, else its encoded tracking code (as the card's 'More Info'). */
export const labelHref = (label: ApiLabel) => `/label/${label.id ? label.id : encodeURIComponent(label.trackingCode)}`;

export interface LabelSelectionProps {
  isSelected: (id: string) => boolean;
  onSelectedChange: (id: string, selected: boolean) => void;
}

function Row({ label, isSelected, onSelectedChange }: { label: ApiLabel } & LabelSelectionProps) {
  const courier = useCourier(label.courier);
  const to = details(label).address;
  return (
    <tr aria-label={`Label ${label.trackingCode}`}>
      <td className="labels-table-select">
        <input type="checkbox" className="label-select" aria-label={`Select label ${label.trackingCode}`} checked={isSelected(label.id)} onChange={(e) => onSelectedChange(label.id, e.target.checked)} />
      </td>
      <td>
        <span className="labels-table-code">
          <Link to={labelHref(label)} className="mono">
            {label.trackingCode}
          </Link>
          <CopyButton value={label.trackingCode} label={`Copy tracking code ${label.trackingCode}`} className="btn btn-ghost btn-sm btn-icon" />
        </span>
      </td>
      <td>{courier?.displayName ?? label.courier}</td>
      <td>{to?.name || <span className="muted">{unreadText(label) ?? "—"}</span>}</td>
      <td className="nowrap">{to?.postcode || <span className="muted">—</span>}</td>
      <td>
        <StatusLine label={label} />
      </td>
      <td>
        <LatestEvent label={label} />
      </td>
      <td>
        <DeadlineText label={label} />
      </td>
      <td>
        <TagsAndNote label={label} />
      </td>
      <td>
        <div className="labels-table-actions">
          <CardPrint label={label} />
          <CopyPageLinkButton label={label} />
          <SendToBuyerButton label={label} />
          <DeleteLabelButton label={label} />
        </div>
      </td>
    </tr>
  );
}

/**
 * The dense view for wide screens: one row per label, every column the list can be scanned by, and the card's own
 * actions (Print, Copy buyer tracking link, Send to buyer) so a seller never has to switch views to act on a row.
 */
export function LabelsTable({ labels, ...selection }: { labels: ApiLabel[] } & LabelSelectionProps) {
  return (
    <div className="card labels-table-wrap">
      <table className="table labels-table">
        <caption className="sr-only">Labels</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="sr-only">Select</span>
            </th>
            <th scope="col">Tracking code</th>
            <th scope="col">Courier</th>
            <th scope="col">Recipient</th>
            <th scope="col">Postcode</th>
            <th scope="col">Status</th>
            <th scope="col">Last event</th>
            <th scope="col">Deadline</th>
            <th scope="col">Tags and note</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {labels.map((l) => (
            <Row key={l.id} label={l} {...selection} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
