import { useState } from "react";
import { errorText } from "../../api/client";
import { CopyButton } from "../../components/CopyButton";
import { InlineConfirm } from "../../components/InlineConfirm";
import { useImportAddress, useRegenerateImportAddress } from "./import-address-api";
import { TEXT } from "./texts";

/**
 * The user's private label import address, with a copy button. Regenerating refuses the old address at
 * once, so it asks first.
 */
export function ImportAddressCard({ email }: { email: string }) {
  const query = useImportAddress();
  const regenerateAddress = useRegenerateImportAddress();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function regenerate() {
    setConfirming(false);
    setBusy(true);
    setResult(null);
    try {
      await regenerateAddress();
      setResult({ ok: true, text: TEXT.importRegenerated });
    } catch (err) {
      setResult({ ok: false, text: errorText(err, TEXT.importRegenerateFailed) });
    } finally {
      setBusy(false);
    }
  }

  const address = query.data?.address;

  return (
    <section className="card" aria-labelledby="import-address-title" aria-busy={query.isPending}>
      <h2 id="import-address-title">{TEXT.importTitle}</h2>
      <p>{TEXT.importIntro}</p>
      <p className="small muted">{TEXT.importReplyTo(email)}</p>

      {query.isPending ? (
        <p className="muted" role="status">
          {TEXT.importLoading}
        </p>
      ) : !address ? (
        <div className="alert alert-error" role="alert">
          <p>{errorText(query.error, TEXT.importLoadFailed)}</p>
          <button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <div className="stack settings-key">
          <label className="label" htmlFor="import-address-value">
            {TEXT.importAddressLabel}
          </label>
          <div className="row settings-key-row">
            {/* A text area, not an input: the whole address wraps onto the screen, even at phone width. */}
            <textarea
              id="import-address-value"
              className="input mono settings-import-address"
              readOnly
              rows={2}
              value={address}
              data-testid="import-address"
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={address} label={TEXT.importCopy} className="btn btn-sm" />
          </div>
        </div>
      )}

      {address &&
        (confirming ? (
          <InlineConfirm question={TEXT.importRegenerateConfirm} confirm={TEXT.importRegenerateYes} onConfirm={regenerate} onCancel={() => setConfirming(false)} />
        ) : (
          <button type="button" className="btn" disabled={busy} onClick={() => setConfirming(true)}>
            {busy ? TEXT.importRegenerating : TEXT.importRegenerate}
          </button>
        ))}
      <p role={result?.ok ? "status" : "alert"} className={result?.ok ? "settings-ok-text" : "settings-error-text"}>
        {result?.text}
      </p>
    </section>
  );
}
