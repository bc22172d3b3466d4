import { QueryClientProvider } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, NETWORK_ERROR, api, setLoggedOutHandler } from "../../web/api/client";
import { startEarlyCall } from "../../web/api/early";
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
    const client = newQueryClient();
    const view = render(
      <QueryClientProvider client={client}>
        <Couriers />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    view.unmount();
    // The call is cancelled with its screen and settles: had its failure been logged, it would have been by then.
    await waitFor(() => expect(client.isFetching()).toBe(0));
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

describe("the D1 bookmark", () => {
  const older = "00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683";
  const newer = "00000085-0000024d-00000001-00000000000000000000000000000000";
  const answer = (bookmark: string | null) =>
    new Response("{}", { status: 200, headers: { "Content-Type": "application/json", ...(bookmark ? { "x-d1-bookmark": bookmark } : {}) } });
  const sent = (spy: { mock: { calls: unknown[][] } }, i: number) => new Headers((spy.mock.calls[i][1] as RequestInit).headers).get("x-d1-bookmark");

  it("sends on every call the newest bookmark an answer brought, and none before the first", async () => {
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(answer(`DB=${older}`))
      .mockResolvedValueOnce(answer(`DB=${newer}`))
      .mockResolvedValueOnce(answer(null))
      .mockResolvedValueOnce(answer(null));
    await api("/api/v1/label/manual", { body: { courier: "evri" } });
    await api("/api/v1/labels");
    await api("/api/v1/label/x");
    await api("/api/v1/user");
    expect([0, 1, 2, 3].map((i) => sent(fetchSpy, i))).toEqual([null, `DB=${older}`, `DB=${newer}`, `DB=${newer}`]);
  });

  it("keeps the newest per database: an older answer (a slow call, another tab's) never takes it back", async () => {
    localStorage.setItem("d1_bookmarks", `DB=${newer}`);
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(answer(`DB=${older},DB_2=${older}`))
      .mockResolvedValueOnce(answer(`DB_2=${newer}`))
      .mockResolvedValueOnce(answer(null));
    await api("/api/v1/labels");
    await api("/api/v1/labels");
    await api("/api/v1/labels");
    expect(sent(fetchSpy, 1)).toBe(`DB=${newer},DB_2=${older}`);
    expect(sent(fetchSpy, 2)).toBe(`DB=${newer},DB_2=${newer}`);
  });

  it("the calls the page's HTML starts early carry it too, and the client keeps what their answer brings", async () => {
    localStorage.setItem("d1_bookmarks", `DB=${older}`);
    tokens.set("acc", "ref");
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(answer(`DB=${newer}`));
    startEarlyCall("/api/v1/labels", "acc");
    expect(sent(fetchSpy, 0)).toBe(`DB=${older}`);
    await api("/api/v1/labels");
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem("d1_bookmarks")).toBe(`DB=${newer}`);
  });

  it("sends what another tab stored, and nothing when the stored value is not one the server gave", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async () => answer(null));
    localStorage.setItem("d1_bookmarks", `DB=${newer}`); // another tab's answer
    await api("/api/v1/labels");
    localStorage.setItem("d1_bookmarks", "DB=x\r\nEvil: 1");
    await expect(api("/api/v1/labels")).resolves.toEqual({});
    expect([sent(fetchSpy, 0), sent(fetchSpy, 1)]).toEqual([`DB=${newer}`, null]);
  });
});
