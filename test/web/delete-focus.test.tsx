import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tokens } from "../../web/api/tokens";
import LabelsPage from "../../web/features/labels/LabelsPage";
import { deletionNotice } from "../../web/features/labels/deletionApi";
import { apiLabel } from "./api-label";
import { renderRoutes } from "./render-routes";

// Deleting a label from the list by keyboard: the dialog closed, focus went back to the card's Delete button, the card
// went with the label and focus fell to the page's body, so the notice's Undo was a page of Tabs away (session 9's ux
// pass). Focus now lands on Undo, and on the notice itself once Undo has put the label back.

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => {
  vi.restoreAllMocks();
  tokens.clear();
  deletionNotice.set(null);
});

describe("deleting from the list and the focus", () => {
  it("moves focus to Undo once the label is gone, then to the notice once it is restored", async () => {
    let gone = false;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname === "/api/v1/label/lbl_1" && init?.method === "DELETE") {
        gone = true;
        return json(200, { deleted: 1, restorableUntil: "2026-12-30T00:00:00.000Z", job: null });
      }
      if (url.pathname === "/api/v1/labels/deleted/restore") {
        gone = false;
        return json(200, { restored: 1, job: null });
      }
      if (url.pathname === "/api/v1/labels") return json(200, gone ? { results: [], total: 0 } : { results: [apiLabel({ id: "lbl_1", trackingCode: "H01AB00000000011" })], total: 1 });
      if (url.pathname === "/api/v1/labels/needs-action") return json(200, { results: [], total: 0 });
      if (url.pathname === "/api/v1/couriers") return json(200, []);
      return new Promise<Response>(() => {});
    });
    tokens.set("acc", "ref");
    renderRoutes([{ path: "/labels", element: <LabelsPage /> }], "/labels");
    const remove = await screen.findByRole("button", { name: "Delete label H01AB00000000011" });
    remove.focus();
    fireEvent.click(remove);
    fireEvent.click(await screen.findByRole("button", { name: "Delete label" }));
    await screen.findByText("No labels found.");
    const undo = await screen.findByRole("button", { name: "Undo" });
    await waitFor(() => expect(document.activeElement).toBe(undo));
    fireEvent.click(undo);
    await screen.findByText("1 label restored.");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText("1 label restored.").closest("[role=status]")));
  });
});
