import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tokens } from "../../web/api/tokens";
import { routes } from "../../web/app/router";
import { apiLabel } from "./api-label";
import { renderRoutes } from "./render-routes";

// A label's 'Edit details' opens its form below the label's card. At 390px that is below the screen, and the button
// that was pressed goes away: focus fell to the page's body, nothing seemed to happen, and a keyboard user started again
// from the top (session 9's ux pass). The form now takes the focus (and so comes into view), and gives it back to the
// button when it closes.

afterEach(() => {
  vi.restoreAllMocks();
  tokens.clear();
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });

describe("Edit details and the focus", () => {
  it("moves focus to the form when it opens and back to its button when it is cancelled", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) =>
      /^\/api\/v1\/label\/lbl_0123456789ab(\?|$)/.test(String(input))
        ? json(apiLabel({ id: "lbl_0123456789ab" }))
        : new Promise<Response>(() => {}),
    );
    tokens.set("access", "refresh");
    renderRoutes(routes, "/label/lbl_0123456789ab");
    fireEvent.click(await screen.findByRole("button", { name: "Edit details" }));
    const heading = await screen.findByRole("heading", { name: "Edit details" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Edit details" })));
  });
});
