import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// Each test file starts as it would in a page of its own. The files share one happy-dom window (vitest.config.ts, the
// web project's isolate: false: a window and the app's modules per file cost about 3 s of CPU each), so what the file
// before left is undone first: its spies, stubbed globals and clock, its storage and its address.
vi.restoreAllMocks();
vi.unstubAllGlobals();
vi.useRealTimers();
localStorage.clear();
sessionStorage.clear();
window.history.replaceState(null, "", "/");

// findBy… and waitFor wait for a condition; their 1 s default is a guess about the machine, and with two test files
// running at once on 2 cores a lazy screen's first import passed it (page-titles.test.tsx failed a CI run at 1,031 ms).
// Waiting longer for the same condition changes no verdict: a condition that never comes still fails, at 10 s.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
