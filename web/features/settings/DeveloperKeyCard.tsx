import { useState } from "react";
import { errorText } from "../../api/client";
import { generateDeveloperKey } from "./api";
import { CopyButton } from "../../components/CopyButton";
import { InlineConfirm } from "../../components/InlineConfirm";
import { TEXT } from "./texts";

/**
 * Generates the developer API key. The full key is shown once, with a copy button; afterwards
 * only the masked form the server keeps is shown. Regenerating revokes the old key, so it asks first.
 */
export function DeveloperKeyCard({ masked, onGenerated }: { masked: string | null; onGenerated: () => Promise<unknown> }) {
  const [fresh, setFresh] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function generate() {
    setBusy(true);
    setError(null);
    setConfirming(false);
    try {
      const res = await generateDeveloperKey();
      if (!res?.developer_api_key) throw new Error(TEXT.keyFailed);
      setFresh(res.developer_api_key);
      await onGenerated();
    } catch (err) {
      setError(errorText(err, TEXT.keyFailed));
    } finally {
      setBusy(false);
    }
  }

  const hasKey = Boolean(masked || fresh);
  const example = `curl -H "Authorization: Bearer ${fresh ?? "YOUR_API_KEY"}" \\\n  ${window.location.origin}/api/v1/labels`;

  return (
    <section className="card" aria-labelledby="api-key-title">
      <h2 id="api-key-title">{TEXT.apiKeyTitle}</h2>
      {fresh ? (
        <div className="stack settings-key">
          <div className="alert alert-info" role="status">
            {TEXT.keyShownOnce}
          </div>
          <label className="label" htmlFor="developer-key-value">
            Your new API key
          </label>
          <div className="row settings-key-row">
            <input id="developer-key-value" className="input mono" readOnly value={fresh} onFocus={(e) => e.currentTarget.select()} />
            <CopyButton value={fresh} label="Copy API key" className="btn btn-sm" />
          </div>
        </div>
      ) : masked ? (
        <p>
          Current key: <code data-testid="masked-key">{masked}</code>
        </p>
      ) : (
        <p className="muted">{TEXT.apiKeyNone}</p>
      )}

      {confirming ? (
        <InlineConfirm question={TEXT.regenerateConfirm} confirm={TEXT.regenerateYes} onConfirm={generate} onCancel={() => setConfirming(false)} />
      ) : (
        <button
          type="button"
          className={hasKey ? "btn" : "btn btn-primary"}
          disabled={busy}
          onClick={() => (hasKey ? setConfirming(true) : generate())}
        >
          {busy ? TEXT.generating : hasKey ? TEXT.regenerate : TEXT.generate}
        </button>
      )}
      <p role="alert" className="settings-error-text">
        {error}
      </p>

      <div className="settings-api-help">
        <h3>{TEXT.usingApi}</h3>
        <p className="small">
          Send the key as <code>Authorization: Bearer &lt;key&gt;</code> or <code>X-API-Key: &lt;key&gt;</code> to the same
          calls this site uses: list and read labels, upload, create manual labels and analytics. See the{" "}
          <a href="/api/docs">API reference</a>.
        </p>
        <pre className="settings-code" tabIndex={0} aria-label="Example request">
          <code>{example}</code>
        </pre>
      </div>
    </section>
  );
}
