#!/usr/bin/env node
// A local stand-in for Evri's and Royal Mail's tracking APIs, so `npm run dev` shows tracking without
// network. It speaks their real formats:
//   Evri       GET /parcels/reference/{barcode}  -> { parcelIdentifiers: [{ urn, redirectUrl }] }
//              GET /parcels?uniqueIds={urn}      -> { results: [...], failures: [...] }
//   Royal Mail GET /mailpieces/v2/{id}/events    -> { mailPieces: { mailPieceId, summary, events } }
//              GET /mailpieces/v2/summary?mailPieceId=a,b,... (at most 30) -> { mailPieces: [{ mailPieceId, status, summary | error }] }
//              errors as { httpCode, httpMessage, errors: [{ errorCode, errorDescription }] }
// Point the dev server at it in .dev.vars (see .dev.vars.example):
//   EVRI_API_BASE="http://127.0.0.1:4010"  EVRI_API_KEY="standin"
//   ROYALMAIL_API_BASE="http://127.0.0.1:4010"  ROYALMAIL_CLIENT_ID="standin"  ROYALMAIL_CLIENT_SECRET="standin"
// Royal Mail stories: SG577041359GB in transit (the demo label) · ZW924750388GB not yet in the network (E1308) ·
//   anything else not recognised (E1142). STANDIN_RM_OUTAGE=1 answers HTTP 200 + httpCode 503 / E1307 (an outage).
// Story per barcode (times relative to now), matching scripts/seed-demo.mjs:
//   H04AQA0004726589 delivered · H0595C0000314450 out for delivery · H01DEM0000000013 stuck (last scan 8 days ago)
//   H01DEM0000000025 parcel details only · H01DEM0000000037 unknown to Evri (404) · anything else: in transit
// Usage: node scripts/carrier-standin.mjs [--port 4010]   (env STANDIN_API_KEY makes it check the apiKey header)
import { createServer } from "node:http";

const portArg = process.argv.indexOf("--port");
const PORT = Number(portArg > 0 ? process.argv[portArg + 1] : process.env.CARRIER_STANDIN_PORT ?? 4010);
const API_KEY = process.env.STANDIN_API_KEY ?? "";
const HOUR = 3_600_000;

const STAGES = {
  registered: ["1", "We've received your parcel details", "The sender has told us your parcel is on its way", "PRE"],
  collected: ["2", "We have your parcel", "We've got it", "COL"],
  hub: ["3", "Your parcel is in transit", "It's at our national hub", "HUB"],
  depot: ["3", "Your parcel is in transit", "It's at our local depot", "DEP"],
  out: ["4_COURIER", "Out for delivery", "Your courier has your parcel and it's out for delivery", "OFD"],
  delivered: ["5_COURIER", "Delivered", "Delivered: handed to the recipient", "DEL"],
};

/** [stage, hours ago] per story, oldest first. */
const STORIES = {
  H04AQA0004726589: [["registered", 50], ["collected", 44], ["hub", 36], ["depot", 30], ["out", 27], ["delivered", 22]],
  H0595C0000314450: [["registered", 30], ["collected", 26], ["hub", 18], ["depot", 6], ["out", 2]],
  H01DEM0000000013: [["registered", 260], ["collected", 240], ["hub", 200]],
  H01DEM0000000025: [["registered", 3]],
};
const UNKNOWN = new Set(["H01DEM0000000037"]);
const DEFAULT_STORY = [["registered", 20], ["collected", 14], ["hub", 6]];

const day = (ms) => new Date(ms).toISOString().slice(0, 10);
const urnFor = (barcode) => `urn:parcel_id:barcode:date:${[...barcode].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 1e13, 7)}:${barcode}:${day(Date.now() - 2 * 86_400_000)}`;

function parcel(urn) {
  const barcode = urn.split(":")[5];
  const now = Date.now();
  const story = STORIES[barcode] ?? DEFAULT_STORY;
  const events = story
    .map(([stage, hoursAgo]) => {
      const [code, stageText, pointText, pointCode] = STAGES[stage];
      return {
        dateTime: new Date(now - hoursAgo * HOUR).toISOString().replace(/\.\d{3}Z$/, "Z"),
        trackingPoint: { trackingPointCode: pointCode, description: pointText },
        trackingStage: { trackingStageCode: code, description: stageText },
        ...(stage === "depot" ? { location: "Warrington" } : {}),
      };
    })
    .reverse(); // Evri answers newest first
  return {
    uniqueId: urn,
    parcelIdentifiers: [{ urn, barcode }],
    sender: { displayName: "Hollow Oak Ceramics" },
    c2cClient: false,
    returnParcel: false,
    service: { serviceType: barcode === "H0595C0000314450" ? "Next Day" : "Standard" },
    trackingEvents: events,
  };
}

const RM_EVENTS = {
  SG577041359GB: [
    ["EVNMI", "Item received", 30, "Swindon MC"],
    ["EVIMC", "In transit", 20, "Swindon MC"],
    ["EVORI", "Item received at delivery office", 4, "Oxford DO"],
  ],
};
const RM_NOT_YET = new Set(["ZW924750388GB"]);
const rmError = (httpCode, httpMessage, errorCode, errorDescription) => ({ httpCode: String(httpCode), httpMessage, errors: [{ errorCode, errorDescription }] });

/** One Royal Mail item: [HTTP status, events answer or error body]. */
function royalMailItem(id) {
  if (RM_NOT_YET.has(id)) return [404, rmError(404, "Not Found", "E1308", "Tracking updates will be available once the item is in our network")];
  const story = RM_EVENTS[id];
  if (!story) return [404, rmError(404, "Not Found", "E1142", "Barcode reference mailPieceId isn't valid")];
  const now = Date.now();
  const events = story.map(([eventCode, eventName, hoursAgo, locationName]) => ({ eventCode, eventName, eventDateTime: new Date(now - hoursAgo * HOUR).toISOString().replace(/\.\d{3}Z$/, "+00:00"), locationName })).reverse();
  const last = events[0];
  const summary = { oneDBarcode: id, productId: "TPS01", productName: "Royal Mail Tracked 48", lastEventCode: last.eventCode, lastEventName: last.eventName, lastEventDateTime: last.eventDateTime, lastEventLocationName: last.locationName, statusCategory: "IN TRANSIT", statusDescription: "It's on its way" };
  return [200, { mailPieces: { mailPieceId: id, carrierShortName: "RM", summary, events } }];
}

function royalMail(url, res) {
  if (process.env.STANDIN_RM_OUTAGE === "1") return send(res, 200, rmError(503, "Service Unavailable", "E1307", "Tracking temporarily unavailable"));
  if (/\/mailpieces\/v2\/summary$/.test(url.pathname)) {
    const ids = (url.searchParams.get("mailPieceId") ?? "").split(",").map((s) => s.trim().toUpperCase()).filter(Boolean);
    if (!ids.length || ids.length > 30) return send(res, 400, rmError(400, "Bad Request", "E0013", "Too many parameters"));
    const mailPieces = ids.map((id) => {
      const [status, body] = royalMailItem(id);
      return status === 200 ? { mailPieceId: id, status: "200", summary: body.mailPieces.summary } : { mailPieceId: id, status: String(status), error: body.errors[0] };
    });
    const anyOk = mailPieces.some((p) => p.status === "200");
    return send(res, anyOk ? 200 : 404, anyOk ? { mailPieces } : rmError(404, "Not Found", "E1142", "Barcode reference mailPieceId isn't valid"));
  }
  const one = url.pathname.match(/\/mailpieces\/v2\/([^/]+)\/events$/);
  if (one) {
    const [status, body] = royalMailItem(decodeURIComponent(one[1]).toUpperCase());
    return send(res, status, body);
  }
  return send(res, 404, rmError(404, "Not Found", "E1142", "Not found"));
}

function send(res, status, body) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
  console.log(`${new Date().toISOString()} ${req.method} ${url.pathname}${url.search}`);
  if (req.method !== "GET") return send(res, 405, { message: "Method Not Allowed" });
  if (url.pathname.startsWith("/mailpieces/")) return royalMail(url, res);
  if (API_KEY && req.headers.apikey !== API_KEY) return send(res, 401, { message: "Invalid API key" });

  const ref = url.pathname.match(/\/parcels\/reference\/([^/]+)$/);
  if (ref) {
    const barcode = decodeURIComponent(ref[1]).toUpperCase();
    if (UNKNOWN.has(barcode)) return send(res, 404, { message: "Parcel not found" });
    return send(res, 200, { parcelIdentifiers: [{ urn: urnFor(barcode), redirectUrl: `https://www.evri.com/track/parcel/${barcode}/details` }] });
  }
  if (/\/parcels\/?$/.test(url.pathname) && url.searchParams.has("uniqueIds")) {
    const urns = url.searchParams.get("uniqueIds").split(",").filter(Boolean);
    const good = urns.filter((u) => u.split(":").length === 7);
    return send(res, 200, { results: good.map(parcel), failures: urns.filter((u) => !good.includes(u)).map((uniqueId) => ({ uniqueId })) });
  }
  send(res, 404, { message: "Not Found" });
});

server.listen(PORT, "127.0.0.1", () => {
  console.log(`Evri and Royal Mail tracking stand-in on http://127.0.0.1:${PORT} (set EVRI_API_BASE / ROYALMAIL_API_BASE to this in .dev.vars)`);
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.close(() => process.exit(0)));
