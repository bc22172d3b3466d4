import { createServer, type IncomingMessage, type Server } from "node:http";

/**
 * A local stand-in's `(Request) => Promise<Response>` handler on a loopback port (port 0: any free one), for its
 * `npm run …:standin` command, `npm run dev` and the e2e tests. The same handler runs in the worker tests directly.
 */
export interface ServedStandin {
  base: string;
  close(): Promise<void>;
}

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(", ") : v);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(new URL(req.url ?? "/", origin), { method: req.method, headers, ...(hasBody ? { body: Buffer.concat(chunks) } : {}) });
}

export async function serveStandin(name: string, handler: (req: Request) => Promise<Response>, options: { port?: number; log?: boolean } = {}): Promise<ServedStandin> {
  let base = "";
  const server: Server = createServer((req, res) => {
    toRequest(req, base)
      .then(async (request) => {
        const response = await handler(request);
        if (options.log) console.log(`${new Date().toISOString()} ${request.method} ${new URL(request.url).pathname} ${response.status}`);
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch((err) => {
        console.error(`${name}:`, err);
        res.writeHead(500, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ error: "the stand-in failed: see its console" }));
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { base, close: () => new Promise((r) => server.close(() => r())) };
}
