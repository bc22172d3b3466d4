import { QueryClientProvider } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, NETWORK_ERROR, api, setLoggedOutHandler } from "../../web/api/client";
import { newQueryClient } from "../../web/api/queries";
import { tokens } from "../../web/api/tokens";
import { useCouriers } from "../../web/features/labels/labelsApi";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => vi.restoreAllMocks());

describe("the API client", () => {
  it("attaches the stored access token as a bearer header and sends cookies", async () => {
    tokens.set("acc-1", "ref-1");
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(json(200, { ok: 1 }));
    await api("/api/v1/user");
    const [, init] = fetchSpy.mock.calls[0];
    expect(new Headers(init!.headers).get("Authorization")).toBe("Bearer acc-1");
    expect(init!.credentials).toBe("include");
  });

  it("keeps an Authorization header the request sets itself", async () => {
    tokens.set("acc-1", "ref-1");
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(json(200, {}));
    await api("/api/v1/x", { headers: { Authorization: "Bearer mine" } });
    expect(new Headers(fetchSpy.mock.calls[0][1]!.headers).get("Authorization")).toBe("Bearer mine");
  });

  it("refreshes once on a 401 and retries with the new access token", async () => {
    tokens.set("old", "ref-1");
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(json(401, { error: "expired" }))
      .mockResolvedValueOnce(json(200, { access_token: "new", refresh_token: "ref-2" }))
      .mockResolvedValueOnce(json(200, { credits: 5 }));
    await expect(api("/api/v1/user")).resolves.toEqual({ credits: 5 });
    expect(fetchSpy.mock.calls[1][0]).toBe("/api/v1/refresh");
    expect(new Headers(fetchSpy.mock.calls[1][1]!.headers).get("Authorization")).toBe("Bearer ref-1");
    expect(new Headers(fetchSpy.mock.calls[2][1]!.headers).get("Authorization")).toBe("Bearer new");
    expect(tokens.access()).toBe("new");
    expect(tokens.refresh()).toBe("ref-2");
  });

  it("uses the tokens another tab renewed meanwhile instead of presenting the replaced refresh token", async () => {
    tokens.set("old", "ref-1");
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockImplementationOnce(async () => {
        // Another tab renews while this request is on its way and answered 401.
        tokens.set("renewed-elsewhere", "ref-2");
        return json(401, { error: "expired" });
      })
      .mockResolvedValueOnce(json(200, { credits: 5 }));
    await expect(api("/api/v1/user")).resolves.toEqual({ credits: 5 });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(fetchSpy.mock.calls.map(([url]) => url)).not.toContain("/api/v1/refresh");
    expect(new Headers(fetchSpy.mock.calls[1][1]!.headers).get("Authorization")).toBe("Bearer renewed-elsewhere");
  });

  it("renews under one Web Lock for the whole browser", async () => {
    tokens.set("old", "ref-1");
    const held: string[] = [];
    const request = vi.fn(async (name: string, fn: () => Promise<unknown>) => {
      held.push(name);
      return fn();
    });
    vi.stubGlobal("navigator", { ...navigator, locks: { request } });
    vi.spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(json(401, { error: "expired" }))
      .mockResolvedValueOnce(json(200, { access_token: "new", refresh_token: "ref-2" }))
      .mockResolvedValueOnce(json(200, { credits: 5 }));
    await expect(api("/api/v1/user")).resolves.toEqual({ credits: 5 });
    vi.unstubAllGlobals();
    expect(held).toEqual(["parcelhive-token-renewal"]);
  });

  it("logs out and goes to /login when the refresh fails", async () => {
    tokens.set("old", "ref-1");
    const loggedOut = vi.fn();
    setLoggedOutHandler(loggedOut);
    vi.spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(json(401, { error: "expired" }))
      .mockResolvedValueOnce(json(401, { error: "Invalid refresh token" }));
    await expect(api("/api/v1/user")).rejects.toBeInstanceOf(ApiError);
    expect(loggedOut).toHaveBeenCalledOnce();
    expect(tokens.access()).toBeNull();
  });

  it("retries at most once after a 401", async () => {
    tokens.set("old", "ref-1");
    setLoggedOutHandler(() => {});
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(json(401, {}))
      .mockResolvedValueOnce(json(200, { access_token: "new", refresh_token: "ref-2" }))
      .mockResolvedValueOnce(json(401, { error: "still no" }));
    await expect(api("/api/v1/user")).rejects.toThrow("still no");
    expect(fetchSpy).toHaveBeenCalledTimes(3);
  });

  it("uses the body's error field, else the transport message", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(json(409, { error: "That email is already registered" }));
    await expect(api("/api/v1/signup", { body: {} })).rejects.toThrow("That email is already registered");
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(new Response("oops", { status: 502 }));
    await expect(api("/api/v1/x")).rejects.toThrow("Request failed with status code 502");
  });

  it("reports 'Network error or CORS issue' when there is no response", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await expect(api("/api/v1/x")).rejects.toThrow(NETWORK_ERROR);
  });
});

describe("credential calls", () => {
  it("answers a login 401 with its error and never refreshes or logs out", async () => {
    tokens.set("stale", "ref-1");
    const loggedOut = vi.fn();
    setLoggedOutHandler(loggedOut);
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(json(401, { error: "Invalid email or password" }));
    await expect(api("/api/v1/login", { body: { email: "a@b.c", password: "x" } })).rejects.toThrow("Invalid email or password");
    expect(fetchSpy).toHaveBeenCalledOnce();
    expect(loggedOut).not.toHaveBeenCalled();
  });
});

/** A screen that reads the couriers. */
function Couriers() {
  useCouriers();
  return null;
}

describe("aborted requests", () => {
  /** A fetch that never answers but, like the browser's, rejects with an AbortError when its signal aborts. */
  const pendingFetch = () =>
    vi.spyOn(globalThis, "fetch").mockImplementation(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(new DOMException("signal is aborted without reason", "AbortError")));
        }),
    );

  it("are not logged as failures when their screen goes away", async () => {
    const fetchSpy = pendingFetch();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const view = render(
      <QueryClientProvider client={newQueryClient()}>
        <Couriers />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    view.unmount();
    await new Promise((r) => setTimeout(r, 20));
    expect((fetchSpy.mock.calls[0][1]!.signal as AbortSignal).aborted).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });

  it("while a call that really failed still is", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(json(503, { error: "down" }));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    render(
      <QueryClientProvider client={newQueryClient()}>
        <Couriers />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(warn).toHaveBeenCalledWith("Could not load couriers", expect.any(ApiError)));
  });
});
