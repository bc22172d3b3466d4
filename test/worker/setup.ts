import { env } from "cloudflare:workers";

import { afterAll, beforeEach, expect, vi } from "vitest";
import { d1Binding, databaseNames } from "../../worker/db/databases";
import { contractViolations } from "./api-contract";
import { emptyBucket, freshDatabase } from "./fresh-storage";

// Each test file starts as it would in a runtime of its own. The files of a project share one runtime (vitest.config.ts,
// isolate: false: a runtime per file cost about 3 s of CPU each), so what the file before left is undone first: its
// spies and stubs (a spy on env.EMAIL.send or fetch left in place would take this file's calls), its clock, and its
// storage: every table of every database, every object in R2.
vi.restoreAllMocks();
pinRpcMethod(env.EMAIL, "send");
vi.unstubAllGlobals();
vi.unstubAllEnvs();
vi.useRealTimers();
// The databases: DB, and DB_2 where a project binds it (test/worker/privacy-fixtures.ts moves senders there).
await Promise.all(databaseNames(env).map((name) => freshDatabase(name, d1Binding(env, name)!, env.TEST_MIGRATIONS)));
await emptyBucket(env.FILES);
contractViolations.length = 0;

// A test's console output (the app logs every request) stays in the runtime unless the test fails, and is then printed
// whole, in order: sending each line to vitest's process, which keeps a passing test's lines out of the log anyway
// (npm test's --silent=passed-only), cost about 1.6 ms of CPU a line between workerd and vitest's one Node thread that
// serves both test slots (hostile-input's 3,100 requests: 30.7 -> 25.6 CPU-s). Hooks' output goes out as it comes.
const CONSOLE = ["log", "info", "warn", "error", "debug"] as const;
type ConsoleMethods = Pick<Console, (typeof CONSOLE)[number]>;
const runtime = globalThis as { testConsole?: ConsoleMethods };
// vitest's own console, kept once a runtime: a file that ends with a spy or a keeper left in place does not pass it on.
runtime.testConsole ??= Object.fromEntries(CONSOLE.map((m) => [m, console[m]])) as ConsoleMethods;
const testConsole = runtime.testConsole;
Object.assign(console, testConsole);
beforeEach(({ onTestFailed }) => {
  const kept: [(typeof CONSOLE)[number], unknown[]][] = [];
  for (const m of CONSOLE) console[m] = (...args: unknown[]) => void kept.push([m, args]);
  onTestFailed(() => {
    for (const [m, args] of kept) testConsole[m](...args);
  });
  return () => void Object.assign(console, testConsole);
});

// Every answer the file's tests received matched the API document.
afterAll(() => {
  expect(contractViolations, "answers that differ from the API document").toEqual([]);
});

/**
 * Makes an RPC stub's method an own property, once per runtime, so that a spy on it (vi.spyOn(env.EMAIL, "send")) is
 * seen by every call. env.EMAIL is an RPC stub (miniflare's send_email is a service binding), which answers every
 * property name itself. A spy is an own property put over that answer, and vitest's restore deletes it again; after
 * such a delete, a call site that has run about ten times with no spy in place (the app's `env.EMAIL.send(…)` in
 * worker/lib/mailer.ts) keeps asking the stub and never sees a later spy: V8 keeps its cached lookup, and defining the
 * property again does not undo it. In a runtime shared by many files, spies then missed mail depending on which files
 * ran before (test/worker/binding-spies.test.ts shows it). With `send` an own property from the start, a spy replaces
 * its value and a restore puts the value back: nothing is deleted.
 */
function pinRpcMethod<T extends object>(stub: T, method: keyof T & string) {
  if (Object.hasOwn(stub, method)) return;
  const call = stub[method] as (...args: unknown[]) => unknown;
  // An RPC method answers `.call`/`.bind` as a remote call too: Reflect.apply is the plain call.
  const pinned = (...args: unknown[]) => Reflect.apply(call, stub, args);
  Object.defineProperty(stub, method, { value: pinned, writable: true, configurable: true });
}
