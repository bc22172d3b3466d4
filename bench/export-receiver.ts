/**
 * globalSetup of the export bench (bench/export.ts): a loopback HTTP server in Node that the bench inside workerd
 * streams the finished archive to (PUT /archive?offset=N, a piece at a time), so the driver can check it with tools that share no code with the
 * writer (Info-ZIP's unzip -t, Python's zipfile). The file goes to BENCH_ZIP_OUT.
 */
import { createWriteStream } from "node:fs";
import http from "node:http";
import { pipeline } from "node:stream/promises";
import type { TestProject } from "vitest/node";

// Declared here for the driver's side and in test/worker/export.bench.ts for workerd's (two TypeScript projects).
declare module "vitest" {
  export interface ProvidedContext {
    exportReceiver: string;
  }
}

export default async function setup(project: TestProject) {
  const out = process.env.BENCH_ZIP_OUT;
  if (!out) throw new Error("BENCH_ZIP_OUT is not set");
  // The archive comes in pieces (PUT /archive?offset=N), each written at its place: one request of GBs from workerd's
  // fetch was cut off ('Network connection lost') before it reached here.
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const offset = Number(url.searchParams.get("offset"));
    if (req.method !== "PUT" || url.pathname !== "/archive" || !Number.isSafeInteger(offset) || offset < 0) {
      res.writeHead(404).end();
      return;
    }
    let bytes = 0;
    req.on("data", (chunk: Buffer) => (bytes += chunk.length));
    await pipeline(req, createWriteStream(out, { flags: offset === 0 ? "w" : "r+", start: offset }));
    res.writeHead(200, { "content-type": "application/json", connection: "close" }).end(JSON.stringify({ bytes }));
  });
  server.requestTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  project.provide("exportReceiver", `http://127.0.0.1:${port}`);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
