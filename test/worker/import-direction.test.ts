/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";

// The worker's imports point one way: the app mounts each domain's routes; routes use their
// domain's services; everything may use the shared plumbing (worker/lib, worker/db), which uses no
// domain. An import that points back up fails here.
const sources = import.meta.glob("../../worker/**/*.ts", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const files = Object.entries(sources).map(([path, text]) => ({ path: path.replace("../../", ""), text }));

function importsOf(file: { path: string; text: string }): string[] {
  const dir = file.path.split("/").slice(0, -1);
  return [...file.text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)].map((m) => {
    const parts = [...dir];
    for (const seg of m[1].split("/")) {
      if (seg === "..") parts.pop();
      else if (seg !== ".") parts.push(seg);
    }
    return parts.join("/");
  });
}

const isRoutes = (p: string) => /\/(routes|[a-z-]+-routes)(\.ts)?$/.test(p);
const plumbing = (p: string) => /^worker\/(lib|db)\//.test(p);

describe("the worker's import direction", () => {
  it("finds the worker's sources", () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it("keeps the shared plumbing (lib, db) free of any domain", () => {
    const back = files.filter((f) => plumbing(f.path)).flatMap((f) => importsOf(f).filter((i) => !plumbing(i)).map((i) => `${f.path} -> ${i}`));
    expect(back).toEqual([]);
  });

  it("lets only the app import a domain's routes", () => {
    const back = files.filter((f) => f.path !== "worker/app.ts").flatMap((f) => importsOf(f).filter(isRoutes).map((i) => `${f.path} -> ${i}`));
    expect(back).toEqual([]);
  });
});
