import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { inject } from "vitest";

/**
 * Runs SQL against the e2e server's own local D1 (its --persist-to state directory) and answers the last statement's
 * rows. Asynchronously: wrangler takes seconds, and a test process blocked that long (spawnSync) keeps the keep-alive
 * connections the server has closed meanwhile, so its next fetch fails with 'other side closed'.
 */
export function d1<Row = Record<string, unknown>>(sql: string): Promise<Row[]> {
  return d1At(inject("stateDir"), sql);
}

/**
 * The same against the local D1 in `stateDir` (a server of a test's own, test/e2e/own-server.ts). The running server
 * holds the same SQLite file: a write from outside may find it locked (SQLITE_BUSY, seen at load 17), so it is tried
 * again a few times.
 */
export async function d1At<Row = Record<string, unknown>>(stateDir: string, sql: string): Promise<Row[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { stdout } = await promisify(execFile)("wrangler", ["d1", "execute", "DB", "--local", "-c", "wrangler.toml", "--persist-to", stateDir, "--json", "--command", sql], {
        encoding: "utf8",
        env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
        maxBuffer: 16 * 1024 * 1024,
      });
      const answers = JSON.parse(stdout) as { results?: Row[] }[];
      return answers.at(-1)?.results ?? [];
    } catch (err) {
      const e = err as { code?: number; stderr?: string; stdout?: string };
      const said = `${e.stderr ?? ""}${e.stdout ?? ""}` || String(err);
      if (attempt === 5 || !/SQLITE_BUSY|database is locked/.test(said)) throw new Error(`wrangler d1 execute failed (${e.code}): ${said}`);
      await new Promise((r) => setTimeout(r, 500 * attempt));
    }
  }
}
