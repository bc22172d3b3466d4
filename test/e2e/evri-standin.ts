import { createServer, type Server } from "node:http";

/**
 * Evri's tracking API as a test drives it: its two steps in Evri's format (barcode -> URN, URN -> parcel with
 * events newest first), with each parcel's events set by the test as the story goes on. The same shapes as
 * scripts/carrier-standin.mjs answers. It runs in the e2e global setup, beside the stand-ins' server that calls it;
 * a test file (another process) tells a parcel's story with `PUT /_standin/stories/<barcode>` (setEvriStory).
 */
export interface StandinEvent {
  at: number;
  code: "PRE" | "COL" | "HUB" | "DEP" | "OFD" | "DEL";
  text: string;
  location?: string;
}

const STAGE: Record<StandinEvent["code"], [string, string]> = {
  PRE: ["1", "We've received your parcel details"],
  COL: ["2", "We have your parcel"],
  HUB: ["3", "Your parcel is in transit"],
  DEP: ["3", "Your parcel is in transit"],
  OFD: ["4_COURIER", "Out for delivery"],
  DEL: ["5_COURIER", "Delivered"],
};

export async function startEvriStandin(): Promise<{ base: string; close: () => Promise<void> }> {
  const stories = new Map<string, StandinEvent[]>();
  const send = (res: import("node:http").ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://standin");
    const told = url.pathname.match(/^\/_standin\/stories\/([^/]+)$/);
    if (told && req.method === "PUT") {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        stories.set(decodeURIComponent(told[1]).toUpperCase(), JSON.parse(body) as StandinEvent[]);
        send(res, 200, { ok: true });
      });
      return;
    }
    const ref = url.pathname.match(/\/parcels\/reference\/([^/]+)$/);
    if (ref) {
      const barcode = decodeURIComponent(ref[1]).toUpperCase();
      if (!stories.has(barcode)) return send(res, 404, { message: "Parcel not found" });
      return send(res, 200, { parcelIdentifiers: [{ urn: `urn:parcel_id:barcode:date:1:${barcode}:2026-11-16`, redirectUrl: `https://www.evri.com/track/parcel/${barcode}/details` }] });
    }
    if (/\/parcels\/?$/.test(url.pathname)) {
      const urns = (url.searchParams.get("uniqueIds") ?? "").split(",").filter(Boolean);
      const results = urns.map((urn) => {
        const barcode = urn.split(":")[5];
        const events = [...(stories.get(barcode) ?? [])].sort((a, b) => b.at - a.at);
        return {
          uniqueId: urn,
          parcelIdentifiers: [{ urn, barcode }],
          sender: { displayName: "Tidewater Tea Co" },
          service: { serviceType: "Standard" },
          trackingEvents: events.map((e) => ({
            dateTime: new Date(e.at).toISOString().replace(/\.\d{3}Z$/, "Z"),
            trackingPoint: { trackingPointCode: e.code, description: e.text },
            trackingStage: { trackingStageCode: STAGE[e.code][0], description: STAGE[e.code][1] },
            ...(e.location ? { location: e.location } : {}),
          })),
        };
      });
      return send(res, 200, { results, failures: [] });
    }
    send(res, 404, { message: "Not Found" });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

/** Tells the stand-in at `base` the story of one parcel from now on (its events, any order). */
export async function setEvriStory(base: string, barcode: string, events: StandinEvent[]): Promise<void> {
  const res = await fetch(`${base}/_standin/stories/${encodeURIComponent(barcode)}`, { method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify(events) });
  if (!res.ok) throw new Error(`evri stand-in: ${res.status} ${await res.text()}`);
}
