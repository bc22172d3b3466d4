import { useState } from "react";
import { Link, useParams } from "react-router";
import { ApiError, errorText } from "../../api/client";
import { useTitleName } from "../../app/titles";
import { PageHeader } from "../../components/PageHeader";
import { Spinner } from "../../components/Spinner";
import { type ClaimPack, downloadClaimPackPdf, useClaimPack } from "./claimPackApi";
import type { Address } from "./types";

/**
 * The claim pack of one label, printable: what a carrier's claim form asks (tracking number,
 * service, dates, addresses, weight, declared value), the carrier's evidence of delivery and the
 * whole tracking history. 'Download PDF' gets the same pack with the original label appended.
 */
export default function ClaimPackPage() {
  const { code = "" } = useParams();
  const query = useClaimPack(code);
  useTitleName(query.data?.trackingCode);
  const notFound = query.isError && query.error instanceof ApiError && query.error.status === 404;
  return (
    <div className="container claim-pack">
      <PageHeader title="Claim pack" subtitle={query.data ? <span className="mono">{query.data.trackingCode}</span> : undefined}>
        <Link to={`/label/${encodeURIComponent(code)}`} className="btn btn-ghost no-print">
          Back to label
        </Link>
      </PageHeader>
      {query.isPending && <Spinner label="Loading claim pack…" />}
      {notFound && <div className="card empty">Label not found.</div>}
      {query.isError && !notFound && (
        <div className="card alert-error" role="alert">
          {errorText(query.error, "Failed to load the claim pack")}
        </div>
      )}
      {query.data && <LoadedPack pack={query.data} />}
    </div>
  );
}

function AddressBlock({ title, address }: { title: string; address: Address | null }) {
  return (
    <div className="claim-address">
      <h3>{title}</h3>
      {address ? (
        <address>
          {[address.name, ...address.address, address.postcode, address.countryCode !== "GB" ? address.countryCode : ""].filter(Boolean).map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: address lines may repeat and never reorder
            <span key={i} className="claim-address-line">
              {line}
            </span>
          ))}
        </address>
      ) : (
        <p className="muted">Not known</p>
      )}
    </div>
  );
}

function LoadedPack({ pack }: { pack: ClaimPack }) {
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function download() {
    setDownloading(true);
    setError(null);
    try {
      await downloadClaimPackPdf(pack);
    } catch (err) {
      setError(errorText(err, "Failed to download the PDF"));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className="stack">
      <div className="row no-print" role="group" aria-label="Claim pack actions">
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          Print
        </button>
        <button type="button" className="btn" onClick={download} disabled={downloading}>
          {downloading ? "Preparing PDF…" : "Download PDF"}
        </button>
      </div>
      {error && (
        <div className="alert alert-error no-print" role="alert">
          {error}
        </div>
      )}

      <section className="card stack claim-section" aria-labelledby="claim-parcel">
        <h2 id="claim-parcel">
          {pack.carrier}
          {pack.service ? `, ${pack.service}` : ""}
        </h2>
        <dl className="claim-facts">
          {pack.facts.map((f) => (
            <div key={f.label}>
              <dt>{f.label}</dt>
              <dd className={f.value === "Not known" ? "muted" : undefined}>{f.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="card claim-section" aria-labelledby="claim-addresses">
        <h2 id="claim-addresses">Addresses</h2>
        <div className="address-grid three">
          <AddressBlock title="Sender" address={pack.sender} />
          <AddressBlock title="Recipient" address={pack.recipient} />
          <AddressBlock title="Return address" address={pack.returnAddress} />
        </div>
      </section>

      <section className="card claim-section" aria-labelledby="claim-evidence">
        <h2 id="claim-evidence">Delivery evidence held by the carrier</h2>
        {pack.evidence.length === 0 ? (
          <p className="muted">None in the tracking history: no delivered scan, signature, safe-place photo, neighbour or GPS record.</p>
        ) : (
          <ul className="claim-evidence">
            {pack.evidence.map((e) => (
              <li key={e.flag}>
                <strong>{e.flag}</strong> — {e.when}: {e.event}
              </li>
            ))}
          </ul>
        )}
      </section>

      {pack.notes.trim() && (
        <section className="card claim-section" aria-labelledby="claim-notes">
          <h2 id="claim-notes">Notes</h2>
          <p className="claim-notes">{pack.notes}</p>
        </section>
      )}

      <section className="card claim-section" aria-labelledby="claim-history">
        <h2 id="claim-history">Tracking history</h2>
        {pack.events.length === 0 ? (
          <p className="muted">No tracking events were received for this parcel.</p>
        ) : (
          // Scrolls sideways on a phone: focusable so a keyboard can scroll it too.
          <div className="table-scroll" role="region" aria-label="Tracking history table" tabIndex={0}>
            <table className="claim-table">
              <thead>
                <tr>
                  <th scope="col">When (UK time)</th>
                  <th scope="col">Event</th>
                  <th scope="col">Location</th>
                  <th scope="col">Code</th>
                </tr>
              </thead>
              <tbody>
                {pack.events.map((e, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: two events may share a time and words
                  <tr key={i}>
                    <td>{e.when}</td>
                    <td>{e.description}</td>
                    <td>{e.location ?? ""}</td>
                    <td className="mono">{e.code ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="card claim-section" aria-labelledby="claim-original">
        <h2 id="claim-original">Original label</h2>
        <p>
          {pack.original
            ? pack.original.inPdf === "not-embedded"
              ? `${pack.original.name}: download it from the label's page and attach it to the claim.`
              : `${pack.original.name} is added at the end of the PDF.`
            : "No original label file is stored for this parcel."}
        </p>
      </section>
    </div>
  );
}
