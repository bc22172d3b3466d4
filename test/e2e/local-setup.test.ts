import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "./browser";
import { freePort, serverEnv } from "./server-process";

// `npm run dev` as the README's quick start runs it, on a port of its own (PORT) and its own state directory:
// it says where to go last, without the migrations' tables, and the links in the mail it sends follow that port.

describe("npm run dev", () => {
  let dev: ChildProcess | undefined;
  const stateDir = mkdtempSync(path.join(tmpdir(), "parcelhive-dev-check-"));
  afterAll(() => {
    // dev.mjs passes the signal on to vite, which stops workerd.
    if (dev?.pid) process.kill(-dev.pid, "SIGTERM");
    rmSync(stateDir, { recursive: true, force: true });
  });

  it("prints the address last, not the migrations' tables, and mail links follow PORT", async () => {
    const port = await freePort();
    let output = "";
    dev = spawn(process.execPath, ["scripts/dev.mjs"], {
      env: await serverEnv({ ...process.env, PORT: String(port), PH_STATE_DIR: stateDir, NODE_ENV: "development" }),
      detached: true,
    });
    dev.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    dev.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const url = `http://localhost:${port}`;
    // Until it says so or stops (the test's own time bounds it: a migration and a runtime's start, side by side with
    // another file at load, took 90 s).
    const running = () => output.includes(`Parcelhive is running at ${url}`) || dev?.exitCode !== null;
    while (!running()) await new Promise((r) => setTimeout(r, 250));
    expect(output.trimEnd().split("\n").at(-1)?.trim()).toBe(`Parcelhive is running at ${url}`);
    expect(output).toMatch(/Local database: \d+ migrations applied/);
    expect(output).not.toContain("│");

    const email = uniqueEmail("devport");
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password: "dev-port-password", marketing_consent: false }),
    });
    expect(res.status).toBe(201);
    // The line carries the link, never the address (logs hold no e-mails): this server's one sign-up is this one.
    const logged = () => output.split("\n").find((line) => line.includes('"verification link"'));
    while (!logged()) await new Promise((r) => setTimeout(r, 100));
    expect(JSON.parse(logged()!.slice(logged()!.indexOf("{"))).link).toMatch(new RegExp(`^${url}/verify-email\\?token=`));
  }, 300_000);
});
