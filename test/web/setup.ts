import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy… and waitFor wait for a condition; their 1 s default is a guess about the machine, and with two test files
// running at once on 2 cores a lazy screen's first import passed it (page-titles.test.tsx failed a CI run at 1,031 ms).
// Waiting longer for the same condition changes no verdict: a condition that never comes still fails, at 10 s.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
