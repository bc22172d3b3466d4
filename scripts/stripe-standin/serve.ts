import { createServer, type IncomingMessage, type Server } from "node:http";
import { createStripeStandin, type StandinOptions, type StripeStandin } from "./standin.ts";

/** The stand-in on a loopback port (port 0: any free one), for `npm run stripe:standin`, `npm run dev` and e2e tests. */
export interface RunningStandin {
  base: string;
  standin: StripeStandin;
  close(): Promise<void>;
}

/** The development webhook secret: .dev.vars.example's STRIPE_WEBHOOK_SECRET, printed at start as `stripe listen` does. */
export const DEV_WEBHOOK_SECRET = "whsec_parcelhiveStandinLocalOnly0123456789";

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(", ") : v);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(new URL(req.url ?? "/", origin), { method: req.method, headers, ...(hasBody ? { body: Buffer.concat(chunks) } : {}) });
}

export async function startStripeStandin(options: StandinOptions & { port?: number; log?: boolean }): Promise<RunningStandin> {
  const standin = createStripeStandin(options);
  let base = "";
  const server: Server = createServer((req, res) => {
    toRequest(req, base)
      .then(async (request) => {
        const response = await standin.fetch(request);
        if (options.log) console.log(`${new Date().toISOString()} ${request.method} ${new URL(request.url).pathname} ${response.status}`);
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch((err) => {
        console.error("stripe stand-in:", err);
        res.writeHead(500, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ error: { type: "api_error", message: "An unknown error occurred" } }));
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { base, standin, close: () => new Promise((r) => server.close(() => r())) };
}
