import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { errorText } from "../../api/client";
import { CopyButton } from "../../components/CopyButton";
import { InlineConfirm } from "../../components/InlineConfirm";
import { Spinner } from "../../components/Spinner";
import { formatDate, LOG_TIME } from "../labels/format";
import { WEBHOOK_TEXT as T } from "./texts";
import {
  type ApiWebhookEndpoint,
  type WebhookEventType,
  WEBHOOKS_QUERY_KEY,
  createWebhook,
  deleteWebhook,
  sendTestEvent,
  setWebhookEnabled,
  useDeliveries,
  useWebhooks,
} from "./webhooks-api";

/**
 * Webhook endpoints: register a URL for some events (its signing secret is shown once), switch it on or off, send
 * a test event, read its last delivery attempts, delete it.
 */
export function WebhooksCard() {
  const query = useWebhooks();
  const queryClient = useQueryClient();
  const [secret, setSecret] = useState<string | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY });

  return (
    <section className="card" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">{T.title}</h2>
      <p className="small">
        {T.intro} {T.docs} <a href="/api/docs#webhooks">{T.docsLink}</a>.
      </p>
      {query.isPending ? (
        <Spinner label={T.loading} />
      ) : query.isError ? (
        <div className="alert alert-error" role="alert">
          <p>{errorText(query.error, T.loadFailed)}</p>
          <button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>
            {T.retry}
          </button>
        </div>
      ) : (
        <div className="stack">
          {secret && (
            <div className="stack settings-key">
              <div className="alert alert-info" role="status">
                {T.secretShownOnce}
              </div>
              <label className="label" htmlFor="webhook-secret-value">
                {T.secretLabel}
              </label>
              <div className="row settings-key-row">
                <input id="webhook-secret-value" className="input mono" readOnly value={secret} onFocus={(e) => e.currentTarget.select()} />
                <CopyButton value={secret} label="Copy signing secret" className="btn btn-sm" />
              </div>
            </div>
          )}
          {query.data.results.length === 0 ? (
            <p className="muted">{T.none}</p>
          ) : (
            <ul className="webhook-list" aria-label="Webhook endpoints">
              {query.data.results.map((ep) => (
                <WebhookEndpoint key={ep.id} endpoint={ep} onChanged={reload} />
              ))}
            </ul>
          )}
          {query.data.results.length >= query.data.limit ? (
            <p className="muted">{T.atLimit(query.data.limit)}</p>
          ) : (
            <AddWebhookForm
              eventTypes={query.data.eventTypes}
              onAdded={async (s) => {
                setSecret(s);
                await reload();
              }}
            />
          )}
        </div>
      )}
    </section>
  );
}

function AddWebhookForm({ eventTypes, onAdded }: { eventTypes: WebhookEventType[]; onAdded: (secret: string) => Promise<unknown> }) {
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>(eventTypes);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const created = await createWebhook(url.trim(), events);
      setUrl("");
      await onAdded(created.secret);
    } catch (err) {
      // The API names the field its 400 is about ('url: Webhooks cannot be sent to …'); the form already marks the
      // URL field, so the user reads the sentence alone.
      setError(errorText(err, T.addFailed).replace(/^url: /, ""));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="stack webhook-form" onSubmit={submit} noValidate>
      <div>
        <label className="label" htmlFor="webhook-url">
          {T.urlLabel}
        </label>
        <input
          id="webhook-url"
          className="input"
          type="url"
          inputMode="url"
          placeholder="https://example.com/parcelhive/webhooks"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          aria-describedby="webhook-url-hint webhook-form-error"
          aria-invalid={error ? true : undefined}
          required
        />
        <p id="webhook-url-hint" className="small muted">
          {T.urlHint}
        </p>
      </div>
      <fieldset className="webhook-events">
        <legend className="label">{T.eventsLegend}</legend>
        {eventTypes.map((type) => (
          <label key={type} className="checkbox">
            <input
              type="checkbox"
              checked={events.includes(type)}
              onChange={(e) => setEvents((now) => (e.target.checked ? [...now, type] : now.filter((t) => t !== type)))}
            />
            <span>
              {T.eventNames[type]} <code>{type}</code>
            </span>
          </label>
        ))}
      </fieldset>
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy || !url.trim() || events.length === 0}>
          {busy ? T.adding : T.add}
        </button>
      </div>
      <p id="webhook-form-error" role="alert" className="settings-error-text">
        {error}
      </p>
    </form>
  );
}

type Note = { kind: "ok" | "error"; text: string } | null;

function WebhookEndpoint({ endpoint, onChanged }: { endpoint: ApiWebhookEndpoint; onChanged: () => Promise<unknown> }) {
  const [busy, setBusy] = useState<"toggle" | "test" | "delete" | null>(null);
  const [note, setNote] = useState<Note>(null);
  const [logOpen, setLogOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const logId = `webhook-log-${endpoint.id}`;

  async function run(kind: "toggle" | "test" | "delete", action: () => Promise<unknown>, ok: string | null, failed: string) {
    setBusy(kind);
    setNote(null);
    try {
      await action();
      if (ok) setNote({ kind: "ok", text: ok });
      if (kind === "test") setLogOpen(true);
      if (kind !== "test") await onChanged();
    } catch (err) {
      setNote({ kind: "error", text: errorText(err, failed) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <li className="webhook-item stack" aria-label={`Webhook endpoint ${endpoint.url}`}>
      <div className="webhook-item-head">
        <code className="webhook-url">{endpoint.url}</code>
        <span className={endpoint.enabled ? "badge badge-ok" : "badge"}>{endpoint.enabled ? "On" : "Off"}</span>
      </div>
      <p className="small muted">
        {endpoint.events.map((e) => T.eventNames[e]).join(", ")} · secret <code>{endpoint.secretHint}</code>
      </p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={endpoint.enabled}
          disabled={busy !== null}
          onChange={(e) => {
            const enabled = e.target.checked;
            void run("toggle", () => setWebhookEnabled(endpoint.id, enabled), null, T.toggleFailed);
          }}
        />
        <span>{T.enabled}</span>
      </label>
      <div className="row webhook-actions">
        <button type="button" className="btn btn-sm" disabled={busy !== null} onClick={() => void run("test", () => sendTestEvent(endpoint.id), T.testQueued, T.testFailed)}>
          {busy === "test" ? T.sendingTest : T.sendTest}
        </button>
        <button type="button" className="btn btn-sm" aria-expanded={logOpen} aria-controls={logId} onClick={() => setLogOpen((o) => !o)}>
          {logOpen ? T.hideLog : T.showLog}
        </button>
        {!confirming && (
          <button type="button" className="btn btn-sm btn-danger" disabled={busy !== null} onClick={() => setConfirming(true)}>
            {T.delete}
          </button>
        )}
      </div>
      {confirming && (
        <InlineConfirm
          question={T.deleteConfirm}
          confirm={T.deleteYes}
          onConfirm={() => {
            setConfirming(false);
            void run("delete", () => deleteWebhook(endpoint.id), null, T.deleteFailed);
          }}
          onCancel={() => setConfirming(false)}
        />
      )}
      <p role="status" aria-live="polite" className={note?.kind === "error" ? "settings-error-text" : "settings-ok-text"}>
        {note?.text}
      </p>
      {logOpen && <DeliveryLog id={logId} endpointId={endpoint.id} />}
    </li>
  );
}

function DeliveryLog({ id, endpointId }: { id: string; endpointId: string }) {
  const query = useDeliveries(endpointId, true);
  return (
    <div id={id} className="webhook-log">
      <h3>{T.showLog}</h3>
      {query.isPending ? (
        <Spinner label={T.logLoading} />
      ) : query.isError ? (
        <p role="alert" className="settings-error-text">
          {errorText(query.error, T.logFailed)}
        </p>
      ) : query.data.results.length === 0 ? (
        <p className="muted">{T.logEmpty}</p>
      ) : (
        <ol className="webhook-log-list">
          {query.data.results.map((d) => (
            <li key={d.id}>
              <span className={d.ok ? "badge badge-ok" : "badge badge-err"}>{d.ok ? "Delivered" : "Failed"}</span>{" "}
              <span className="mono">{d.statusCode ?? "—"}</span> <code>{d.eventType}</code> · attempt {d.attempt} · {d.durationMs} ms ·{" "}
              <time dateTime={d.createdAt}>{formatDate(d.createdAt, LOG_TIME)}</time>
              {d.error && <span className="small muted"> · {d.error}</span>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
