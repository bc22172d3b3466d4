import { focusManager, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newQueryClient } from "../../web/api/queries";
import { tokens } from "../../web/api/tokens";
import { AuthProvider } from "../../web/app/auth";
import LabelDetailPage from "../../web/features/labels/LabelDetailPage";
import { readingPollDelay } from "../../web/features/labels/labelsApi";
import { isBeingRead, READING_TEXT } from "../../web/features/labels/readingTexts";
import LabelsPage from "../../web/features/labels/LabelsPage";
import { type QueueItem, UploadQueue } from "../../web/features/upload/UploadQueue";
import { UPLOAD_TEXT } from "../../web/features/upload/texts";
import type { ApiLabel } from "../../web/features/labels/types";
import { apiLabel } from "./api-label";

// An image-only label's page while its image is read by OCR in the queue: it asks for the label again (1 s, backing
// off to 5 s, never while the tab is hidden) until the reading ends, shows the read fields by itself and says so in
// its status region.

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
  focusManager.setFocused(undefined);
});

const CODE = "H01AB00000000011";
const pending = apiLabel({ ocrStatus: "pending", data: [{ courier: "evri", trackingCode: CODE, countryCode: "GB" }] });
const read = apiLabel({
  ocrStatus: "done",
  data: [{ courier: "evri", trackingCode: CODE, countryCode: "GB", address: { name: "Jane Smith", address: ["14 Acacia Avenue", "Manchester"], postcode: "M1 1AE", countryCode: "GB" } }],
});

/**
 * The API: the label as `answer(n)` gives it on its nth read (from 0), alone at /label/lbl_1 or as the one label of
 * the list; answers how many reads were made.
 */
function serve(answer: (n: number) => ApiLabel) {
  const reads = { count: 0 };
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/api/v1/user") return json(200, { id: 1, email: "a@b.c", credits: 3, is_admin: false });
    if (url.pathname === "/api/v1/couriers") return json(200, []);
    if (url.pathname === "/api/v1/label/lbl_1") return json(200, answer(reads.count++));
    if (url.pathname === "/api/v1/labels") return json(200, { results: [answer(reads.count++)], total: 1 });
    return json(404, { error: "Not found" });
  });
  return reads;
}

function renderPage(path = "/label/lbl_1") {
  tokens.set("acc", "ref");
  render(
    <QueryClientProvider client={newQueryClient()}>
      <AuthProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/label/:code" element={<LabelDetailPage />} />
            <Route path="/labels" element={<LabelsPage />} />
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

// The page's clock is faked (timers only: the mocked fetch's answers still resolve), so when it asks is exact.
const fakeClock = () => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });

/** Moves the clock on by `ms`: the timers due run, and what they asked for is answered and drawn. */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The element holding `text` once the page draws it, the clock moved on a millisecond at a time meanwhile. */
async function drawn(text: string): Promise<HTMLElement> {
  // A zero-delay timer set while timers run is due a millisecond later (the fake clock's rule): the page's answers
  // are handed on through such timers.
  for (let i = 0; i < 100 && !screen.queryAllByText(text).length; i++) await wait(1);
  return screen.getAllByText(text)[0];
}

describe("an image label's page while it is being read", () => {
  it("asks again after 1 s, backing off by half each time to 5 s, and stops once the label is read or failed", () => {
    expect([0, 1, 2, 3, 4, 5, 12].map((n) => readingPollDelay(true, n))).toEqual([1000, 1500, 2250, 3375, 5000, 5000, 5000]);
    expect(readingPollDelay(false, 0)).toBe(false);
    expect(["none", "pending", "done", "failed"].map((ocrStatus) => isBeingRead({ ocrStatus } as ApiLabel))).toEqual([false, true, false, false]);
  });

  it("shows 'Reading label…', then the read recipient by itself, and says the label was read in the same status region", async () => {
    fakeClock();
    const reads = serve((n) => (n < 3 ? pending : read));
    renderPage();
    const status = await drawn(READING_TEXT.pending);
    expect(status.getAttribute("role")).toBe("status");
    expect(reads.count).toBe(1);
    // The addresses the reading may still find say so, not 'Not on this label.'.
    expect(screen.getByRole("region", { name: "Recipient" }).textContent).toContain(READING_TEXT.field);
    // Asked again at 1 s, 2.5 s and 4.75 s (checked 0.1 s either side): the fourth read answers the label read.
    for (const [ms, count] of [[900, 1], [200, 2], [1300, 2], [200, 3], [2000, 3], [300, 4]]) {
      expect(screen.queryByText("Jane Smith")).toBeNull();
      await wait(ms);
      expect(reads.count).toBe(count);
    }
    expect(await drawn("Jane Smith")).toBeTruthy();
    // The same region now says how the reading ended (a screen reader announces the change).
    expect(status.isConnected).toBe(true);
    expect(status.textContent).toBe(READING_TEXT.done);
    expect(status.classList).toContain("alert-success");
    expect(screen.getByRole("region", { name: "Return address" }).textContent).toContain("Not on this label.");
    // Read: no more asking.
    await wait(20_000);
    expect(reads.count).toBe(4);
  });

  it("says so when the reading failed, and asks nothing while the tab is hidden", async () => {
    fakeClock();
    const reads = serve((n) => (n < 2 ? pending : { ...pending, ocrStatus: "failed" }));
    renderPage();
    const status = await drawn(READING_TEXT.pending);
    await wait(1000);
    expect(reads.count).toBe(2);
    act(() => focusManager.setFocused(false));
    await wait(30_000);
    expect(reads.count).toBe(2);
    expect(status.textContent).toBe(READING_TEXT.pending);
    act(() => focusManager.setFocused(true));
    await wait(5_000);
    expect(reads.count).toBe(3);
    expect(status.textContent).toBe(READING_TEXT.failed);
  });

  it("says nothing of reading on a label that was never waiting for it", async () => {
    const reads = serve(() => read);
    renderPage();
    expect(await screen.findByText("Jane Smith")).toBeTruthy();
    expect(screen.queryByText(READING_TEXT.done)).toBeNull();
    expect(reads.count).toBe(1);
  });
});

describe("the labels list while a label on it is being read", () => {
  it("says its recipient is being read and asks for the page again until it is, then shows the recipient", async () => {
    fakeClock();
    const reads = serve((n) => (n < 2 ? pending : read));
    renderPage("/labels");
    await drawn(READING_TEXT.field);
    expect(screen.getByRole("region", { name: "Recipient" }).textContent).toContain(READING_TEXT.field);
    expect(reads.count).toBe(1);
    await wait(1000);
    expect(reads.count).toBe(2);
    await wait(1500);
    expect(reads.count).toBe(3);
    expect(await drawn("Jane Smith")).toBeTruthy();
    expect(screen.queryByText(READING_TEXT.field)).toBeNull();
    await wait(20_000);
    expect(reads.count).toBe(3);
  });
});

describe("the upload's results while a label it gave is being read", () => {
  it("say the rest of its text is being read until it has been, asking for the label meanwhile", async () => {
    fakeClock();
    const reads = serve((n) => (n < 1 ? pending : read));
    tokens.set("acc", "ref");
    const item: QueueItem = { file: new File(["x"], "evri.png"), status: "done", progress: 100, loadedBytes: 1, response: [{ ...pending, created: true }], error: null };
    render(
      <QueryClientProvider client={newQueryClient()}>
        <MemoryRouter>
          <UploadQueue queue={[item]} finished overall={100} loadedBytes={1} totalBytes={1} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const line = await drawn(`, ${UPLOAD_TEXT.ocrPending}`);
    expect(line.getAttribute("aria-live")).toBe("polite");
    await wait(1000);
    expect(reads.count).toBe(2);
    expect((await drawn(`, ${UPLOAD_TEXT.ocrDone}`)) === line).toBe(true);
    await wait(20_000);
    expect(reads.count).toBe(2);
  });
});
