// The app shell's first cards (issue 26): the boot script draws /labels's first cards from the early answers before
// the app's code arrives (web/shell/first-cards.ts), into the labels screen drawn at build time from LabelsPage
// (renderLabelsList). The app's first render then replaces them: it must draw exactly the same page, or the user
// would see it change (a flash, a shift). Compared here for every kind of card, node by node.
import { afterEach, describe, expect, it, vi } from "vitest";
import { newQueryClient } from "../../web/api/queries";
import { tokens } from "../../web/api/tokens";
import LabelsPage from "../../web/features/labels/LabelsPage";
import { prefetchLabels } from "../../web/features/labels/prefetch";
import type { ApiCourier, ApiLabel } from "../../web/features/labels/types";
import { FIRST_CARDS } from "../../web/features/labels/listQuery";
import { SERVER_CARDS, serverScreen } from "../../web/shell/card-markup";
import { drawsFirstCards, type FirstAnswers, firstCardsScreen } from "../../web/shell/first-cards";
import { FIRST_CARDS_MEDIA } from "../../web/shell/screens";
import { labelsServerTemplate, renderLabelsList } from "../../web/shell/Shell";
import { apiLabel } from "./api-label";
import { renderWithClient } from "./render-routes";

afterEach(() => vi.restoreAllMocks());

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });

const courier = (id: string, displayName: string, over: Partial<ApiCourier> = {}): ApiCourier => ({
  id,
  label: id,
  displayName,
  trackingPlaceholder: "",
  noEvents: { card: `${displayName} has not scanned it yet.`, detail: "No updates available." },
  printing: { supported: true },
  sendParcel: null,
  required: {},
  optional: {},
  fieldLabels: {},
  ...over,
});
const COURIERS = [courier("evri", "Evri"), courier("royalmail", "Royal Mail"), courier("dpd", "DPD", { printing: { supported: false, disabledTitle: "DPD labels print from DPD" } })];

const address = (name: string) => ({ name, address: ["1 High St", "Flat <2> & \"B\"", "Leeds"], postcode: "LS1 4AP", countryCode: "GB" });
const event = (at: string, description: string, location?: string) => ({ dateTime: at, trackingPoint: { description }, ...(location ? { location } : {}) });

/** Labels of every shape a card draws differently. */
const LABELS: ApiLabel[] = [
  apiLabel({
    id: "lbl_1",
    trackingCode: "LX100000000GB",
    courier: "royalmail",
    updatedAt: "2026-07-02T23:30:00.000Z",
    deadlines: { expectedBy: null, enquiryBy: null, claimableFrom: null, claimClosesOn: "2027-02-14", sentence: "Waiting for Royal Mail's first scan; claims close on 14 Feb 2027", urgent: false },
    data: [{ courier: "royalmail", trackingCode: "LX100000000GB", countryCode: "GB", address: address("Jo Bloggs"), fromAddress: address("Sender Ltd"), weightInGrams: 1200, dimensionsCm: [30, 20, 10] }],
  }),
  apiLabel({
    id: "lbl_2",
    trackingCode: "H01AB00000000022",
    tags: ["ebay", "gift"],
    notes: "Order 206-7965794-0399534 for the wedding, please hand to the neighbour at number 12 if nobody is home",
    outcome: "claimed",
    buyerEmail: "buyer@example.com",
    lostStatus: { potentiallyLost: true, potentiallyLostAt: "2026-03-03T10:00:00.000Z", lostEmailSentAt: null, reason: "No scan for 5 working days" },
    deadlines: { expectedBy: null, enquiryBy: null, claimableFrom: null, claimClosesOn: "2026-03-31", sentence: "Evri will only investigate until 12 Mar: raise it now", urgent: true },
    data: [
      {
        courier: "evri",
        trackingCode: "H01AB00000000022",
        countryCode: "GB",
        address: address("Ann O'Neil"),
        tracking: { results: [{ trackingEvents: [event("2026-03-02T09:00:00Z", "It's at our local depot", "Leeds"), event("2026-03-01T09:00:00Z", "Collected")] }] },
      },
    ],
  }),
  apiLabel({ id: "lbl_3", trackingCode: "H01AB00000000033", notes: "Short note", data: [{ courier: "evri", trackingCode: "H01AB00000000033", countryCode: "GB", tracking: { results: [{ trackingEvents: [event("2026-03-02T09:00:00Z", "Delivered")] }] } }] }),
  apiLabel({ id: "lbl_4", trackingCode: "DPD123", courier: "dpd", data: [{ courier: "dpd", trackingCode: "DPD123", countryCode: "GB" }] }),
  apiLabel({ id: "", trackingCode: "ZZ 1/2", courier: "parcelforce", outcome: "delivered", data: [{ courier: "parcelforce", trackingCode: "ZZ 1/2", countryCode: "GB", address: address("Al") }] }),
  // An image whose text is still being read by OCR: its addresses say so.
  apiLabel({ id: "lbl_6", trackingCode: "H01AB00000000066", ocrStatus: "pending", file: { name: "a.png", mime: "image/png", size: 10, hasBytes: true } as ApiLabel["file"] }),
  apiLabel({ id: "lbl_7", trackingCode: "H01AB00000000077" }),
];

/** The page as a user meets it: elements with their attributes (in any order) and form state, texts joined, ids blanked. */
function canonical(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? "";
  if (node.nodeType !== Node.ELEMENT_NODE) return "";
  const el = node as Element;
  const ids = new Set(["id", "for", "aria-controls", "aria-describedby"]);
  const form = new Set(["checked", "selected", "value"]);
  const attrs = [...el.attributes]
    .filter((a) => !form.has(a.name))
    .map((a) => `${a.name}=${ids.has(a.name) ? "(id)" : a.value}`)
    .sort();
  if (el instanceof HTMLInputElement) attrs.push(`(checked=${el.checked} value=${el.value})`);
  if (el instanceof HTMLOptionElement) attrs.push(`(selected=${el.selected})`);
  return `<${el.tagName.toLowerCase()} ${attrs.join(" ")}>${[...el.childNodes].map(canonical).join("")}</${el.tagName.toLowerCase()}>`;
}

/** The app's first render of /labels with these answers (as web/app/first-render.ts makes it, on a phone). */
async function appFirstRender(answers: FirstAnswers): Promise<Element> {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/api/v1/couriers") return json(answers.couriers);
    if (url.pathname === "/api/v1/labels/needs-action") return json(answers.needsAction);
    return json(answers.labels);
  });
  tokens.set("acc", "ref");
  const client = newQueryClient();
  await prefetchLabels(client, { pathname: "/labels", search: "" });
  const { container } = renderWithClient(client, <LabelsPage />);
  return container.querySelector(".labels-page")!;
}

function bootScreen(answers: FirstAnswers): Element | null {
  const screen = firstCardsScreen(renderLabelsList(), answers, { search: "" });
  const host = document.createElement("div");
  if (screen) host.append(screen);
  return host.querySelector(".labels-page");
}

function phone() {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
  );
}

describe("app shell: the first cards drawn before the app's code", () => {
  for (let from = 0; from < LABELS.length - 1; from += 3) {
    it(`draws the page the app's first render draws, cards ${from + 1}-${from + 3} of every kind`, async () => {
      phone();
      const answers: FirstAnswers = { labels: { results: LABELS.slice(from, from + 4), total: 201 }, needsAction: { total: 0 }, couriers: COURIERS };
      const boot = bootScreen(answers);
      expect(boot?.querySelectorAll("article.label-card")).toHaveLength(3);
      const app = await appFirstRender(answers);
      expect(app.querySelectorAll("article.label-card")).toHaveLength(3);
      expect(canonical(boot!)).toBe(canonical(app));
    });
  }

  it("draws a couriers' no-events text from their answer, a single label's page, and no pager yet", async () => {
    phone();
    const answers: FirstAnswers = { labels: { results: [LABELS[0]], total: 1 }, needsAction: { total: 0 }, couriers: COURIERS };
    const boot = bootScreen(answers)!;
    expect(boot.textContent).toContain("1 label · Page 1 of 1");
    expect(boot.textContent).toContain("Royal Mail has not scanned it yet.");
    expect(boot.querySelector("nav")).toBeNull();
    const app = await appFirstRender(answers);
    // The app draws the pager (and, on a phone, the page size and export under it) with its last card: below the
    // card, they move nothing.
    app.querySelector("nav.pager")?.remove();
    app.querySelector(".list-settings")?.remove();
    expect(canonical(boot)).toBe(canonical(app));
  });

  it("draws the count of the parcels that need action in the header's button, as the app does (issue 33: the list first)", async () => {
    phone();
    const answers: FirstAnswers = { labels: { results: LABELS.slice(0, 4), total: 40 }, needsAction: { total: 7 }, couriers: COURIERS };
    const boot = bootScreen(answers)!;
    expect(boot.querySelector(".needs-action-toggle")?.textContent).toBe("Needs action 7");
    const app = await appFirstRender(answers);
    expect(app.querySelector(".needs-action-toggle")?.textContent).toBe("Needs action 7");
    expect(canonical(boot)).toBe(canonical(app));
  });

  it("draws, in the Worker's /labels document, the same screen the boot script draws (serverTemplate, serverScreen)", () => {
    phone();
    expect(SERVER_CARDS).toBe(FIRST_CARDS);
    // As the build makes it (scripts/app-shell.ts, there in happy-dom).
    const template = labelsServerTemplate(document);
    expect(template).not.toBeNull();
    for (const [from, total, needing] of [
      [0, 201, 0],
      [3, 40, 7],
      [6, 1, 1],
    ] as const) {
      const answers: FirstAnswers = { labels: { results: LABELS.slice(from, from + 4), total }, needsAction: { total: needing }, couriers: COURIERS };
      const markup = serverScreen(template!, answers, SERVER_CARDS);
      const host = document.createElement("div");
      host.innerHTML = markup ?? "";
      const server = host.querySelector(".labels-page");
      expect(server?.querySelectorAll("article.label-card")).toHaveLength(Math.min(3, LABELS.length - from));
      expect(markup).not.toContain("<!--ph:");
      expect(canonical(server!)).toBe(canonical(bootScreen(answers)!));
    }
    // An empty list: the app draws its empty state, not this screen.
    expect(serverScreen(template!, { labels: { results: [], total: 0 }, needsAction: { total: 0 }, couriers: COURIERS }, SERVER_CARDS)).toBeNull();
  });

  it("leaves the loading line where the app would draw something else first", () => {
    phone();
    const answers = (over: Partial<FirstAnswers>): FirstAnswers => ({ labels: { results: LABELS.slice(0, 3), total: 3 }, needsAction: { total: 0 }, couriers: COURIERS, ...over });
    expect(firstCardsScreen(renderLabelsList(), answers({ labels: { results: [], total: 0 } }), { search: "" })).toBeNull();
    expect(drawsFirstCards({ search: "" })).toBe(true);
    expect(drawsFirstCards({ search: "?page=2" })).toBe(true);
    // A search, a filter, an order or a page size draws a toolbar and chips the template does not have.
    for (const search of ["?q=leeds", "?courier=evri", "?sort=oldest", "?per_page=50"]) expect(drawsFirstCards({ search })).toBe(false);
    // A phone that chose compact rows.
    localStorage.setItem("parcelhive.labels.view", JSON.stringify({ narrow: "compact" }));
    expect(drawsFirstCards({ search: "" })).toBe(false);
  });

  it("has /labels' document preload the cards' script on exactly the screens it may draw them on (FIRST_CARDS_MEDIA)", () => {
    // The queries these two use, evaluated for a screen `width` px wide: '(min-width: Npx)' and 'not all and (…)'.
    const matches = (query: string, width: number): boolean => {
      const negated = /^not all and (.+)$/.exec(query);
      if (negated) return !matches(negated[1], width);
      const min = /^\(min-width: (\d+)px\)$/.exec(query);
      if (!min) throw new Error(`a media query this test does not read: ${query}`);
      return width >= Number(min[1]);
    };
    localStorage.removeItem("parcelhive.labels.view");
    for (let width = 280; width <= 1600; width += 10) {
      vi.spyOn(window, "matchMedia").mockImplementation(
        (query: string) => ({ matches: matches(query, width), media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
      );
      expect(matches(FIRST_CARDS_MEDIA, width), `${width} px`).toBe(drawsFirstCards({ search: "" }));
    }
  });
});
