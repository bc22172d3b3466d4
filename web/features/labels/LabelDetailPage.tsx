import { useCallback, useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { ApiError, errorText } from "../../api/client";
import { PageHeader } from "../../components/PageHeader";
import { Spinner } from "../../components/Spinner";
import { AddressCard } from "./AddressCard";
import { CopyButton } from "../../components/CopyButton";
import { CourierLogo } from "./CourierLogo";
import { Facts, LostWarning } from "./LabelCard";
import { NotesTagsEditor } from "./NotesTagsEditor";
import { TrackingEventList } from "./TrackingEvents";
import { TrackingRefreshButton } from "./TrackingRefreshButton";
import { EXTRA_DATE, courierKey, details, evriSendUrl, formatDate, noEventsText, senderAddress, trackingEvents } from "./format";
import { downloadOriginal, fetchLabel } from "./labelsApi";
import type { ApiLabel } from "./types";

type State = { status: "loading" } | { status: "notfound" } | { status: "error"; message: string } | { status: "ok"; label: ApiLabel };

const BackLink = () => (
  <Link to="/labels" className="btn btn-ghost">
    Back to all labels
  </Link>
);

export default function LabelDetailPage() {
  const { code = "" } = useParams();
  const [state, setState] = useState<State>({ status: "loading" });

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const label = await fetchLabel(code, signal);
        setState(label ? { status: "ok", label } : { status: "notfound" });
      } catch (err) {
        if ((err as Error).name === "AbortError") return;
        if (err instanceof ApiError && err.status === 404) setState({ status: "notfound" });
        else setState({ status: "error", message: errorText(err, "Failed to fetch label") });
      }
    },
    [code],
  );

  useEffect(() => {
    const ctrl = new AbortController();
    setState({ status: "loading" });
    void load(ctrl.signal);
    return () => ctrl.abort();
  }, [load]);

  const label = state.status === "ok" ? state.label : null;
  return (
    <div className="container label-detail">
      <PageHeader title="Label Details" subtitle={label ? <span className="mono">{label.trackingCode}</span> : undefined}>
        <BackLink />
      </PageHeader>
      {state.status === "loading" && <Spinner label="Loading label…" />}
      {state.status === "notfound" && <div className="card empty">Label not found.</div>}
      {state.status === "error" && (
        <div className="card alert-error" role="alert">
          {state.message}
        </div>
      )}
      {label && <LoadedLabel label={label} onChange={(l) => setState({ status: "ok", label: l })} onRefreshed={() => load()} />}
    </div>
  );
}

function LoadedLabel({ label, onChange, onRefreshed }: { label: ApiLabel; onChange: (l: ApiLabel) => void; onRefreshed: () => void }) {
  const d = details(label);
  const events = trackingEvents(label);
  const isRoyalMail = courierKey(label.courier) === "royalmail";
  const hasBytes = Boolean(label.file?.hasBytes);
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      await downloadOriginal(label);
    } catch (err) {
      window.alert(errorText(err, "Failed to download file"));
    } finally {
      setDownloading(false);
    }
  }

  function print() {
    window.open(`/label/${encodeURIComponent(label.id)}/print`, "_blank", "noopener");
  }

  const dates: Array<[string, string]> = [
    ["Label created", formatDate(d.shippingLabelCreatedAt ?? d.date, EXTRA_DATE)],
    ["Delivered", formatDate(d.deliveredAt, EXTRA_DATE)],
  ].filter((x): x is [string, string] => Boolean(x[1]));

  return (
    <div className="stack">
      <div className="row detail-actions" role="group" aria-label="Label actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={print}
          disabled={isRoyalMail}
          title={isRoyalMail ? "Printing not supported for Royal Mail yet" : undefined}
        >
          Print
        </button>
        <button
          type="button"
          className="btn"
          onClick={download}
          disabled={!hasBytes || downloading}
          title={hasBytes ? undefined : "No original file available"}
        >
          Download original
        </button>
        <TrackingRefreshButton labelId={label.id} onRefreshed={onRefreshed} />
        {courierKey(label.courier) === "evri" && (
          <a className="btn btn-ghost" href={evriSendUrl(label)} target="_blank" rel="noopener noreferrer">
            Send with Evri
          </a>
        )}
      </div>

      {label.ocrStatus === "pending" && (
        <div className="alert alert-info" role="status">
          Reading label…
        </div>
      )}
      <LostWarning label={label} detail />

      <section className="card stack" aria-label="Label">
        <div className="label-card-head">
          <CourierLogo courier={label.courier} />
          <span className="mono tracking-code">{label.trackingCode}</span>
          <CopyButton value={label.trackingCode} label="Copy tracking code" />
        </div>
        <div className="address-grid three">
          <AddressCard title="Sender" address={senderAddress(label)} />
          <AddressCard title="Recipient" address={d.address} />
          <AddressCard title="Return address" address={d.returnAddress} />
        </div>
        <Facts label={label} />
        {dates.length > 0 && (
          <dl className="facts">
            {dates.map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      <div className="detail-columns">
        <NotesTagsEditor label={label} onSaved={onChange} />
        <section className="card" aria-labelledby="events-title">
          <h2 id="events-title">Tracking Events</h2>
          {events.length === 0 ? <p className="muted">{noEventsText(label.courier, "detail")}</p> : <TrackingEventList events={events} className="events-scroll" />}
        </section>
      </div>
    </div>
  );
}
