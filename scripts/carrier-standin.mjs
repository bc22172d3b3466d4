#!/usr/bin/env node
// A local stand-in for Evri's tracking API, so `npm run dev` shows tracking without network.
// It speaks the real format (../shared/LABELS.md):
//   GET /parcels/reference/{barcode}  -> { parcelIdentifiers: [{ urn, redirectUrl }] }
//   GET /parcels?uniqueIds={urn}      -> { results: [...], failures: [...] }
// Point the dev server at it in .dev.vars:  EVRI_API_BASE="http://127.0.0.1:4010"  EVRI_API_KEY="standin"
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

function send(res, status, body) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
  console.log(`${new Date().toISOString()} ${req.method} ${url.pathname}${url.search}`);
  if (req.method !== "GET") return send(res, 405, { message: "Method Not Allowed" });
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
  console.log(`Evri tracking stand-in on http://127.0.0.1:${PORT} (set EVRI_API_BASE to this in .dev.vars)`);
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.close(() => process.exit(0)));
