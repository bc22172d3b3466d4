import { useEffect, useRef, useState } from "react";
import { DELIMITERS, TEXTS, type DelimiterId } from "./texts";

const COPIED_MS = 1500;

async function copyText(text: string, fallbackField: HTMLTextAreaElement | null) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Clipboard API refused (no permission / insecure context): copy from the visible field.
    fallbackField?.select();
    document.execCommand("copy");
  }
}

/** The marketing list with a delimiter choice and Copy ('Copied!' for 1.5 s). */
export function MarketingList({ emails }: { emails: string[] }) {
  const [delimiter, setDelimiter] = useState<DelimiterId>("comma");
  const [copied, setCopied] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const text = emails.join(DELIMITERS.find((d) => d.id === delimiter)!.value);

  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(t);
  }, [copied]);

  return (
    <section className="card" aria-labelledby="marketing-title">
      <div className="admin-card-head">
        <h2 id="marketing-title">
          {TEXTS.marketingTitle} <span className="badge">{emails.length}</span>
        </h2>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={!emails.length}
          onClick={async () => {
            await copyText(text, fieldRef.current);
            setCopied(true);
          }}
        >
          {copied ? TEXTS.copied : TEXTS.copy}
        </button>
      </div>
      <fieldset className="admin-delimiters">
        <legend className="label">{TEXTS.delimiter}</legend>
        {DELIMITERS.map((d) => (
          <label key={d.id} className="checkbox">
            <input type="radio" name="delimiter" value={d.id} checked={delimiter === d.id} onChange={() => setDelimiter(d.id)} />
            {d.label}
          </label>
        ))}
      </fieldset>
      {emails.length ? (
        <textarea
          ref={fieldRef}
          className="input mono admin-marketing-text"
          readOnly
          value={text}
          aria-label={TEXTS.marketingTitle}
          rows={Math.min(8, delimiter === "newline" ? emails.length : 3)}
        />
      ) : (
        <p className="muted">{TEXTS.marketingEmpty}</p>
      )}
      <span className="sr-only" aria-live="polite">
        {copied ? TEXTS.copied : ""}
      </span>
    </section>
  );
}
