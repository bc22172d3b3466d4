import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tokens } from "../../web/api/tokens";
import { routes } from "../../web/app/router";
import { apiLabel } from "./api-label";
import { renderRoutes } from "./render-routes";

// The app's own routes in a memory router: each screen names itself in the tab, and /login sends a signed-in
// visitor to their labels.

const renderApp = (entry: string) => renderRoutes(routes, entry);

/** Every call waits: the titles come from the routes, not from what the screens load. */
const quietApi = () => vi.spyOn(globalThis, "fetch").mockImplementation(() => new Promise<Response>(() => {}));

afterEach(() => vi.restoreAllMocks());

describe("page titles", () => {
  it.each([
    ["/", "Parcel intelligence for Evri and Royal Mail senders · Parcelhive"],
    ["/login", "Login · Parcelhive"],
    ["/login#signup", "Sign up · Parcelhive"],
    ["/forgot-password", "Forgot password · Parcelhive"],
    ["/terms", "Terms · Parcelhive"],
    ["/terms#privacy", "Privacy policy · Parcelhive"],
    ["/no-such-page", "Page not found · Parcelhive"],
  ])("names %s in the tab", async (path, expected) => {
    quietApi();
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(expected));
  });

  it.each([
    ["/labels", "Labels · Parcelhive"],
    ["/label/H04AQA0004726589", "Label H04AQA0004726589 · Parcelhive"],
    ["/label/H04AQA0004726589/print", "H04AQA0004726589 4x6 label · Parcelhive"],
    ["/upload", "New label · Parcelhive"],
    ["/analytics", "Analytics · Parcelhive"],
    ["/settings", "Settings · Parcelhive"],
    ["/webmail", "Webmail · Parcelhive"],
  ])("names the signed-in screen %s in the tab", async (path, expected) => {
    quietApi();
    tokens.set("access", "refresh");
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(expected));
  });
});

describe("a label's titles", () => {
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
  /** The API with one label whose id is lbl_0123456789ab and code H01AB00000000011, answered when `release` is called; the rest waits. */
  const labelApi = () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = String(input);
      if (!url.startsWith("/api/v1/label/lbl_0123456789ab")) return new Promise<Response>(() => {});
      await released;
      return json(url.includes("/claim-pack") ? { trackingCode: "H01AB00000000011", courier: "evri" } : apiLabel({ id: "lbl_0123456789ab" }));
    });
    return () => release();
  };

  it.each([
    ["/label/lbl_0123456789ab", "Label · Parcelhive", "Label H01AB00000000011 · Parcelhive"],
    ["/label/lbl_0123456789ab/print", "4x6 label · Parcelhive", "H01AB00000000011 4x6 label · Parcelhive"],
  ])("names %s by its tracking code once loaded, never by the internal id", async (path, loading, loaded) => {
    const release = labelApi();
    tokens.set("access", "refresh");
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(loading));
    release();
    await waitFor(() => expect(document.title).toBe(loaded));
    expect(document.title).not.toContain("lbl_");
  });
});

describe("/login", () => {
  it("sends a visitor who is signed in already to /labels", async () => {
    quietApi();
    tokens.set("access", "refresh");
    const router = renderApp("/login#signup");
    await waitFor(() => expect(router.state.location.pathname).toBe("/labels"));
    await waitFor(() => expect(document.title).toBe("Labels · Parcelhive"));
  });

  it("shows the sign-in form to a signed-out visitor", async () => {
    quietApi();
    renderApp("/login");
    expect(await screen.findByRole("heading", { name: "Welcome back" })).toBeTruthy();
  });
});
