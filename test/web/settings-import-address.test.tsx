import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { newQueryClient } from "../../web/api/queries";
import { tokens } from "../../web/api/tokens";
import { ImportAddressCard } from "../../web/features/settings/ImportAddressCard";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const FIRST = "labels+aaaaaaaaaaaaaaaaaaaaaaaaaa@parcelhive.test";
const SECOND = "labels+bbbbbbbbbbbbbbbbbbbbbbbbbb@parcelhive.test";

let calls: { method: string; path: string }[] = [];
function serve(handler: (method: string, path: string) => Response | Promise<Response>) {
  calls = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(String(input), "http://localhost");
    const method = init?.method ?? "GET";
    calls.push({ method, path: url.pathname });
    return handler(method, url.pathname);
  });
}

function renderCard() {
  return render(
    <QueryClientProvider client={newQueryClient()}>
      <ImportAddressCard email="jane@example.com" />
    </QueryClientProvider>,
  );
}

beforeEach(() => tokens.set("acc", "ref"));
afterEach(() => {
  vi.restoreAllMocks();
  tokens.clear();
});

describe("the import address card", () => {
  it("shows a loading line, then the address with a copy button and who gets the replies", async () => {
    let release: (r: Response) => void = () => {};
    serve(() => new Promise<Response>((r) => (release = r)));
    renderCard();
    expect(screen.getByRole("status").textContent).toBe("Loading your import address…");
    expect(screen.queryByRole("button", { name: "Regenerate address" })).toBeNull();

    release(json(200, { address: FIRST }));
    const field = (await screen.findByLabelText("Your import address")) as HTMLTextAreaElement;
    expect(field.value).toBe(FIRST);
    expect(field.readOnly).toBe(true);
    expect(screen.getByText("We reply to jane@example.com with what was imported, or why not.")).toBeTruthy();

    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockImplementation(async () => {});
    fireEvent.click(screen.getByRole("button", { name: "Copy import address" }));
    await screen.findByRole("button", { name: "Copied!" });
    expect(writeText).toHaveBeenCalledWith(FIRST);
  });

  it("asks before regenerating, then shows the new address", async () => {
    serve((method) => json(200, { address: method === "POST" ? SECOND : FIRST }));
    renderCard();
    await screen.findByDisplayValue(FIRST);

    fireEvent.click(screen.getByRole("button", { name: "Regenerate address" }));
    expect(screen.getByRole("alertdialog").textContent).toContain("The current address stops working at once");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Regenerate address" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, regenerate" }));
    await screen.findByDisplayValue(SECOND);
    expect(screen.getByRole("status").textContent).toBe("New address ready. The old one no longer works.");
    expect(calls.filter((c) => c.method === "POST")).toEqual([{ method: "POST", path: "/api/v1/user/import-address/regenerate" }]);
  });

  it("says when the address cannot be loaded, and loads it on 'Try again'", async () => {
    let fail = true;
    serve(() => (fail ? json(503, { error: "Service unavailable" }) : json(200, { address: FIRST })));
    renderCard();
    const reason = await screen.findByText("Service unavailable", {}, { timeout: 5000 });
    expect(reason.closest("[role=alert]")).not.toBeNull();
    expect(screen.queryByLabelText("Your import address")).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByDisplayValue(FIRST);
  });

  it("keeps the old address and shows the server's reason when regenerating fails", async () => {
    serve((method) => (method === "POST" ? json(429, { error: "Too many requests" }) : json(200, { address: FIRST })));
    renderCard();
    await screen.findByDisplayValue(FIRST);
    fireEvent.click(screen.getByRole("button", { name: "Regenerate address" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, regenerate" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Too many requests"));
    expect((screen.getByLabelText("Your import address") as HTMLTextAreaElement).value).toBe(FIRST);
  });
});
