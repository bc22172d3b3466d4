import type { ChildProcess } from "node:child_process";
import { createServer } from "node:net";

/** A port nobody listens on now (the run's own server, a server of its own for one test). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Waits until the server started as `child` answers `url` with 200. It ends with an error when the child exits first
 * (with --strictPort, a taken port) or after `ms`: generous, since a machine at load 17 took two minutes to start one.
 */
export async function untilAnswering(url: string, child: ChildProcess, ms = 300_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`the server for ${url} exited with ${child.exitCode} before answering`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${ms} ms`);
}
