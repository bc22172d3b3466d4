// /labels: the search box, the filters and the order live in the URL (bookmarkable, shareable, the analytics links
// still work); the view (cards, table, compact) is remembered per kind of screen; selection works in every view;
// empty states say whether filters hide labels.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newQueryClient } from "../../web/api/queries";
import { tokens } from "../../web/api/tokens";
import LabelsPage from "../../web/features/labels/LabelsPage";
import { prefetchLabels } from "../../web/features/labels/prefetch";
import type { ApiLabel } from "../../web/features/labels/types";
import { API_COURIERS, apiLabel } from "./api-label";
import { renderRoutes, renderWithClient } from "./render-routes";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => vi.restoreAllMocks());

const COURIERS = API_COURIERS;

function label(n: number, over: Partial<ApiLabel> = {}): ApiLabel {
  const code = `H01AB0000000001${n}`;
  return apiLabel({
    id: `lbl_${n}`,
    trackingCode: code,
    notes: n === 1 ? "Order 206-7965794-0399534 for the wedding, please hand to the neighbour at number 12 if nobody is home" : "",
    tags: n === 1 ? ["ebay", "gift"] : [],
    lostStatus: { potentiallyLost: n === 2, potentiallyLostAt: null, lostEmailSentAt: null, reason: null },
    tracking: { status: "in_transit", checkedAt: null, error: null },
    deadlines: n === 2 ? { expectedBy: null, enquiryBy: null, claimableFrom: null, claimClosesOn: "2026-03-31", sentence: "Evri will only investigate until 12 Mar: raise it now", urgent: true } : null,
    status: "in_transit",
    data: [
      {
        courier: "evri",
        trackingCode: code,
        countryCode: "GB",
        address: { name: `Jo Bloggs ${n}`, address: ["1 High St", "Leeds"], postcode: "LS1 4AP", countryCode: "GB" },
        tracking: { results: [{ trackingEvents: [{ dateTime: "2026-03-02T09:00:00Z", trackingPoint: { description: "It's at our local depot" } }] }] },
      },
    ],
    ...over,
  });
}

const needsAction = (n: number) => ({
  results: Array.from({ length: n }, (_, i) => ({ id: `lbl_n${i}`, trackingCode: `H01AB0000000009${i}`, courier: "evri", courierName: "Evri", recipient: null, sentence: "Raise it now", urgent: true, potentiallyLost: false, lostReason: null, actBy: null })),
  total: n,
});

/** The API: `labels` answers GET /labels; every call's URL is kept. */
function mockApi(labels: (url: URL) => Response = () => json(200, { results: [label(1), label(2), label(3)], total: 3 }), needs = needsAction(0)) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/api/v1/user") return json(200, { id: 1, email: "a@b.c", credits: 3, is_admin: false });
    if (url.pathname === "/api/v1/couriers") return json(200, COURIERS);
    if (url.pathname === "/api/v1/labels/needs-action") return json(200, needs);
    return labels(url);
  });
}

const listCalls = (spy: ReturnType<typeof mockApi>) =>
  spy.mock.calls.map((c) => new URL(String(c[0]), "http://localhost")).filter((u) => u.pathname === "/api/v1/labels");
const lastQuery = (spy: ReturnType<typeof mockApi>) => Object.fromEntries(listCalls(spy).at(-1)!.searchParams);

/** The screen width: wide (table) or narrow (compact) media queries. */
function screenWidth(wide: boolean) {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) => ({ matches: query.includes("min-width: 1024px") ? wide : false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
  );
}

let router: ReturnType<typeof renderRoutes>;
/** Where the app is now: path and query. */
const location = () => `${router.state.location.pathname}${router.state.location.search}`;

function renderList(path = "/labels") {
  tokens.set("acc", "ref");
  router = renderRoutes([{ path: "/labels", element: <LabelsPage /> }], path);
}

const searchBox = () => screen.getByRole("searchbox", { name: "Search labels" }) as HTMLInputElement;

describe("labels list: search, filters and order in the URL", () => {
  it("opens a bookmarked view: its search, filters, order, page and page size are asked for and shown", async () => {
    screenWidth(true);
    const spy = mockApi(() => json(200, { results: [label(1)], total: 60 }));
    renderList("/labels?q=smith&status=in_transit&courier=evri&tags=ebay&from=2026-03-01&to=2026-03-31&sort=oldest&page=2&per_page=25");
    await screen.findByText(/60 labels · Page 2 of 3/);
    expect(lastQuery(spy)).toEqual({ q: "smith", status: "in_transit", courier: "evri", tags: "ebay", from: "2026-03-01", to: "2026-03-31", sort: "oldest", page: "2", per_page: "25" });
    expect(searchBox().value).toBe("smith");
    expect((screen.getByLabelText("Status") as HTMLSelectElement).value).toBe("in_transit");
    expect((screen.getByLabelText("Courier") as HTMLSelectElement).value).toBe("evri");
    expect((screen.getByRole("textbox", { name: "Tags" }) as HTMLInputElement).value).toBe("ebay");
    expect((screen.getByLabelText("Shipped from") as HTMLInputElement).value).toBe("2026-03-01");
    expect((screen.getByLabelText("Sort by") as HTMLSelectElement).value).toBe("oldest");
    expect((screen.getByLabelText("Per page") as HTMLSelectElement).value).toBe("25");
  });

  it("ignores what the list does not know in a URL rather than failing", async () => {
    const spy = mockApi();
    renderList("/labels?status=bogus&sort=name&per_page=99&page=-1&courier=evri");
    await screen.findByText(/3 labels · Page 1 of 1/);
    expect(lastQuery(spy)).toEqual({ courier: "evri", page: "1", per_page: "15" });
  });

  it("searches as the user types, after a pause, and never for a 1-character word", async () => {
    const spy = mockApi();
    renderList();
    await screen.findByText(/3 labels/);
    fireEvent.change(searchBox(), { target: { value: "s" } });
    expect(await screen.findByText("Type at least 2 letters or digits to search.")).toBeTruthy();
    expect(searchBox().getAttribute("aria-describedby")).toBeTruthy();
    fireEvent.change(searchBox(), { target: { value: "sm" } });
    fireEvent.change(searchBox(), { target: { value: "smi" } });
    await waitFor(() => expect(lastQuery(spy).q).toBe("smi"));
    const queries = listCalls(spy).map((u) => u.searchParams.get("q"));
    expect(queries).not.toContain("s");
    expect(queries).not.toContain("sm");
    expect(location()).toBe("/labels?q=smi");
    // Enter runs it at once.
    fireEvent.change(searchBox(), { target: { value: "smith m1" } });
    fireEvent.submit(searchBox().closest("form")!);
    expect(lastQuery(spy).q).toBe("smith m1");
  });

  it("applies a filter at once, back on page 1, and says how many labels match to screen readers", async () => {
    const spy = mockApi((url) => json(200, { results: [label(1)], total: url.searchParams.get("status") ? 7 : 40 }));
    renderList("/labels?page=2");
    await screen.findByText(/40 labels · Page 2 of 3/);
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "needs_action" } });
    await waitFor(() => expect(lastQuery(spy)).toMatchObject({ status: "needs_action", page: "1" }));
    const count = await screen.findByText(/7 labels · Page 1 of 1/);
    expect(count.closest("[aria-live]")).not.toBeNull();
    expect(location()).toBe("/labels?status=needs_action");
    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "updated" } });
    await waitFor(() => expect(lastQuery(spy).sort).toBe("updated"));
    expect(screen.getByRole("button", { name: "Remove filter Status: Needs action" })).toBeTruthy();
  });

  it("says no labels match, with a way to clear the filters, apart from having no labels at all", async () => {
    const spy = mockApi((url) => json(200, url.searchParams.get("q") || url.searchParams.get("tags") ? { results: [], total: 0 } : { results: [label(1)], total: 1 }));
    renderList("/labels?q=nobody&tags=ebay&sort=oldest");
    expect(await screen.findByText("No labels match “nobody” with these filters.")).toBeTruthy();
    expect(screen.queryByText("No labels found.")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await screen.findByText(/1 label · Page 1 of 1/);
    expect(lastQuery(spy)).toEqual({ sort: "oldest", page: "1", per_page: "15" });
    expect(searchBox().value).toBe("");
    expect(location()).toBe("/labels?sort=oldest");
  });

  it("says how many parcels need action in a button that opens the first 3, all of them on request, and lists them below with the status filter", async () => {
    const spy = mockApi(undefined, needsAction(5));
    renderList("/labels?courier=evri");
    const toggle = await screen.findByRole("button", { name: "Needs action 5" });
    // The list comes first: closed, it is only the button (issue 33).
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("region", { name: /Needs action/ })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const card = screen.getByRole("region", { name: /Needs action/ });
    expect(toggle.getAttribute("aria-controls")).toBe(card.id);
    expect(within(card).getAllByRole("listitem")).toHaveLength(3);
    fireEvent.click(within(card).getByRole("button", { name: "Show all 5" }));
    expect(within(card).getAllByRole("listitem")).toHaveLength(5);
    fireEvent.click(within(card).getByRole("button", { name: "List them below" }));
    await waitFor(() => expect(lastQuery(spy)).toMatchObject({ courier: "evri", status: "needs_action" }));
    expect(location()).toBe("/labels?courier=evri&status=needs_action");
    // Listed below, the panel closes: the list is the needs-action list now.
    expect(screen.queryByRole("region", { name: /Needs action/ })).toBeNull();
  });

  it("puts the search box before the labels and after nothing but the header", async () => {
    mockApi(undefined, needsAction(5));
    renderList();
    await screen.findByRole("button", { name: "Needs action 5" });
    const search = screen.getByRole("search");
    const firstLabel = (await screen.findAllByRole("article"))[0];
    // Nothing between the header and the search box, and the search box comes before the first label.
    expect(search.previousElementSibling?.classList.contains("page-header")).toBe(true);
    expect(search.compareDocumentPosition(firstLabel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("sends the list's filters and order with 'Export CSV'", async () => {
    const spy = mockApi();
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:x");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    renderList("/labels?q=smith&status=delivered&sort=updated");
    await screen.findByText(/3 labels/);
    fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(spy.mock.calls.some((c) => String(c[0]).includes("/api/v1/labels/export.csv"))).toBe(true));
    const csv = new URL(String(spy.mock.calls.find((c) => String(c[0]).includes("export.csv"))![0]), "http://localhost");
    expect(Object.fromEntries(csv.searchParams)).toEqual({ q: "smith", status: "delivered", sort: "updated" });
  });
});

describe("labels list: views", () => {
  it("offers a table on wide screens, remembers it, and selects labels for printing from it", async () => {
    screenWidth(true);
    mockApi();
    renderList();
    await screen.findByText(/3 labels/);
    expect(screen.getAllByRole("article")).toHaveLength(3);
    expect(screen.getByRole("button", { name: "Cards" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.queryByRole("button", { name: "Compact" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Table" }));
    const table = screen.getByRole("table", { name: "Labels" });
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Select", "Tracking code", "Courier", "Recipient", "Postcode", "Status", "Last event", "Deadline", "Tags and note", "Actions"]);
    const row = within(table).getByRole("row", { name: "Label H01AB00000000011" });
    expect(row.textContent).toContain("Jo Bloggs 1");
    expect(row.textContent).toContain("LS1 4AP");
    expect(row.textContent).toContain("In transit");
    expect(row.textContent).toContain("It's at our local depot");
    expect(within(row).getByRole("list", { name: "Tags" }).textContent).toBe("ebaygift");
    expect(within(row).getByText(/^Order 206-7965794-0399534 for the wedding/).textContent).toMatch(/…$/);
    expect(within(table).getByRole("row", { name: "Label H01AB00000000012" }).textContent).toContain("Evri will only investigate until 12 Mar: raise it now");
    expect(within(table).getByRole("row", { name: "Label H01AB00000000012" }).textContent).toContain("May be lost");
    expect(JSON.parse(localStorage.getItem("parcelhive.labels.view")!)).toEqual({ wide: "table", narrow: "cards" });

    fireEvent.click(within(row).getByRole("checkbox", { name: "Select label H01AB00000000011" }));
    expect(screen.getByRole("region", { name: "Print selected labels" }).textContent).toContain("1 label selected");
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all on this page" }));
    expect(screen.getByRole("region", { name: "Print selected labels" }).textContent).toContain("3 labels selected");

    // A later visit opens the table again.
    cleanup();
    renderList();
    expect(await screen.findByRole("table", { name: "Labels" })).toBeTruthy();
  });

  it("offers compact rows on phones, each card one tap away, and keeps a phone's choice apart from a desktop's", async () => {
    localStorage.setItem("parcelhive.labels.view", JSON.stringify({ wide: "table", narrow: "cards" }));
    screenWidth(false);
    mockApi();
    renderList();
    await screen.findByText(/3 labels/);
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByRole("button", { name: "Table" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Compact" }));
    const rows = screen.getAllByRole("article");
    expect(rows).toHaveLength(3);
    expect(rows[0].textContent).toContain("Jo Bloggs 1, LS1 4AP");
    expect(rows[0].textContent).toContain("In transit");
    // Each row names its courier (issue 33).
    expect(within(rows[0]).getByRole("img", { name: "Evri" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Sender" })).toBeNull();
    const more = within(rows[0]).getByRole("button", { name: "More details" });
    fireEvent.click(more);
    expect(more.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("region", { name: "Sender" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "More Info" })).toBeTruthy();
    fireEvent.click(within(rows[1]).getByRole("checkbox", { name: "Select label H01AB00000000012" }));
    expect(screen.getByRole("region", { name: "Print selected labels" }).textContent).toContain("1 label selected");
    expect(JSON.parse(localStorage.getItem("parcelhive.labels.view")!)).toEqual({ wide: "table", narrow: "compact" });
  });

  it("shows tags and the start of the note on the cards", async () => {
    screenWidth(true);
    mockApi();
    renderList();
    const card = await screen.findByRole("article", { name: "Label H01AB00000000011" });
    expect(within(card).getByRole("list", { name: "Tags" }).textContent).toBe("ebaygift");
    const note = within(card).getByText(/^Order 206/);
    expect(note.getAttribute("title")).toBe(label(1).notes);
  });
});

describe("labels list: the first render", () => {
  it("draws the first cards a phone shows at once when the answer is in, then the rest of the page and its pager", async () => {
    screenWidth(false);
    mockApi(() => json(200, { results: Array.from({ length: 15 }, (_, i) => label(i + 1)), total: 40 }));
    tokens.set("acc", "ref");
    // As web/app/first-render.ts does: the page's data is in before its first render.
    const client = newQueryClient();
    await prefetchLabels(client, { pathname: "/labels", search: "" });
    renderWithClient(client, <LabelsPage />);
    expect(screen.getAllByRole("article").map((a) => a.getAttribute("aria-label"))).toEqual([1, 2, 3].map((n) => `Label ${label(n).trackingCode}`));
    expect(screen.getByText(/40 labels · Page 1 of 3/)).toBeTruthy();
    // The pager comes with the last cards, in its final place: it never moves down as they arrive.
    expect(screen.queryByRole("navigation", { name: "Pagination" })).toBeNull();
    // Four renders of a frame each in happy-dom: on a loaded machine (load 11) that took over waitFor's default second.
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(15), { timeout: 15_000 });
    expect(screen.getByRole("navigation", { name: "Pagination" })).toBeTruthy();
    expect(screen.getAllByRole("article")[14].getAttribute("aria-label")).toBe(`Label ${label(15).trackingCode}`);
  });
});

describe("an address with values the list does not know", () => {
  it("leaves out an unknown status, order and courier: not asked for, the controls show what is in force, and a note says so", async () => {
    const spy = mockApi();
    renderList("/labels?status=lost&sort=price&courier=dhl&tags=gift");
    const note = await screen.findByText(/^Left out/);
    expect(note.getAttribute("role")).toBe("status");
    expect(note.textContent).toBe("Left out, as this list has no such choices: status “lost”, order “price”, courier “dhl”.");
    // The address keeps only what is in force (replaced, not a new history entry), and the list is asked for that.
    await waitFor(() => expect(router.state.location.search).toBe("?tags=gift"));
    await waitFor(() => expect(lastQuery(spy)).toEqual({ tags: "gift", page: "1", per_page: "15" }));
    for (const call of listCalls(spy)) expect(call.searchParams.has("status") || call.searchParams.has("sort")).toBe(false);
    expect((screen.getByLabelText("Status") as HTMLSelectElement).value).toBe("");
    expect((screen.getByLabelText("Courier") as HTMLSelectElement).value).toBe("");
    expect(screen.getByText("Tags: gift")).toBeTruthy();
    // The next change of the view (a filter chosen) ends the note.
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "delivered" } });
    await waitFor(() => expect(router.state.location.search).toBe("?tags=gift&status=delivered"));
    expect(screen.queryByText(/Left out/)).toBeNull();
  });

  it("says nothing when every value is one the list has (a courier as its name too)", async () => {
    const spy = mockApi();
    renderList("/labels?status=delivered&sort=oldest&courier=Royal%20Mail");
    await screen.findByText(/3 labels · Page 1 of 1/);
    await waitFor(() => expect(lastQuery(spy)).toMatchObject({ status: "delivered", sort: "oldest", courier: "Royal Mail" }));
    expect(router.state.location.search).toBe("?status=delivered&sort=oldest&courier=Royal%20Mail");
    expect(screen.queryByText(/Left out/)).toBeNull();
  });
});
