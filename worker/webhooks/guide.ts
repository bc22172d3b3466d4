import { escapeHtml } from "../lib/mailer";
import { DELIVERY_LOG_KEEP, MAX_ENDPOINTS_PER_USER, WEBHOOK_EVENT_TYPES } from "./model";

/** How to receive webhooks, for the API reference page: events, payload, signature, retries, a verification example. */

export const VERIFY_EXAMPLE = `import { createHmac, timingSafeEqual } from "node:crypto";

// rawBody: the request body exactly as received (a string, before any JSON parsing);
// header: the Parcelhive-Signature header; secret: your endpoint's whsec_… secret.
export function verifyParcelhive(rawBody, header, secret, toleranceSeconds = 300) {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=")));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(\`\${t}.\${rawBody}\`).digest();
  const given = Buffer.from(parts.v1 ?? "", "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}`;

const PAYLOAD_EXAMPLE = `POST /your/endpoint
Content-Type: application/json
Parcelhive-Signature: t=1795600000,v1=5f2b…(64 hex)
Parcelhive-Event-Id: evt_3f9k…
Parcelhive-Event-Type: parcel.delivered

{ "id": "evt_3f9k…", "type": "parcel.delivered", "created": 1795600000,
  "data": { "label": { "id": "lbl_…", "trackingCode": "H01…", "courier": "evri", "tracking": { "status": "delivered", … }, … } } }`;

export function webhooksGuideHtml(): string {
  const events = WEBHOOK_EVENT_TYPES.map((e) => `<code>${e}</code>`).join(", ");
  return `<section class="op" id="webhooks"><h3>Receiving webhooks</h3>
<p>Register up to ${MAX_ENDPOINTS_PER_USER} endpoints in Settings (or with the calls under <a href="#tag-webhooks">webhooks</a>, signed in). Events: ${events}, and <code>ping</code> from <em>Send test event</em>. The URL must be https on the standard port and must not point at a private, loopback or link-local address.</p>
<p>Each event is a POST with a JSON body <code>{ id, type, created, data: { label } }</code>: <code>created</code> is when it happened (Unix seconds), <code>data.label</code> is the label as <code>GET /api/v1/label/{id}</code> answers it, read when the attempt is sent (null for <code>ping</code>). A deleted label is no longer there to read: <code>label.deleted</code> carries <code>{ id, trackingCode, courier, deleted: true, deletedAt, restorableUntil }</code>, and <code>label.restored</code> the label again (its buyer page under a new address). Use <code>id</code> to ignore an event you already handled: a retry carries the same id.</p>
<pre>${escapeHtml(PAYLOAD_EXAMPLE)}</pre>
<p><code>Parcelhive-Signature</code> is <code>t=&lt;Unix seconds&gt;,v1=&lt;hex HMAC-SHA256&gt;</code> of the text <code>&lt;t&gt;.&lt;raw body&gt;</code>, keyed with your endpoint's whole signing secret (<code>whsec_…</code>, shown once when you register it). Verify it over the raw body and refuse old timestamps:</p>
<pre>${escapeHtml(VERIFY_EXAMPLE)}</pre>
<p>Answer any 2xx within 10 seconds. Anything else (another status, a redirect, which is never followed, a timeout) is retried after 30 s, 2 min, 10 min, 1 h and 3 h: six attempts in all. Settings shows each endpoint's last ${DELIVERY_LOG_KEEP} attempts.</p></section>`;
}
