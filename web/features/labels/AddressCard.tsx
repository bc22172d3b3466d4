import type { Address, FieldSource } from "./types";
import { SourceBadge } from "./SourceBadge";
import { CopyButton } from "../../components/CopyButton";
import { addressText, mapsUrl } from "./format";

/** A sender / recipient / return address with copy (1.2 s) and open-in-maps; `empty` says why there is none. */
export function AddressCard({
  title,
  address,
  source,
  empty = "Not on this label.",
}: { title: string; address: Address | null | undefined; source?: FieldSource | null; empty?: string }) {
  const has = Boolean(address && (address.name || address.address.length || address.postcode));
  return (
    <section className="address-card" aria-label={title}>
      <div className="card-title">
        {title} {address ? <SourceBadge source={source} /> : null}
      </div>
      {has && address ? (
        <>
          <address className="address-lines">
            {address.name && <strong>{address.name}</strong>}
            {address.address.map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one address, never reordered (two may read the same)
              <span key={i}>{l}</span>
            ))}
            {address.postcode && <span className="mono">{address.postcode}</span>}
          </address>
          <div className="row address-actions">
            <CopyButton value={addressText(address)} label={`Copy ${title.toLowerCase()}`} ms={1200} />
            <a className="btn btn-ghost btn-sm" href={mapsUrl(address)} target="_blank" rel="noopener noreferrer" aria-label={`Open ${title.toLowerCase()} in maps`}>
              <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
                <circle cx="12" cy="9.5" r="2.5" />
              </svg>
              Maps
            </a>
          </div>
        </>
      ) : (
        <p className="muted small">{empty}</p>
      )}
    </section>
  );
}
