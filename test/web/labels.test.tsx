import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newQueryClient } from "../../web/api/queries";
import { tokens } from "../../web/api/tokens";
import { AuthProvider } from "../../web/app/auth";
import { LabelCard } from "../../web/features/labels/LabelCard";
import LabelsPage from "../../web/features/labels/LabelsPage";
import { NotesTagsEditor } from "../../web/features/labels/NotesTagsEditor";
import { downloadName, formatWeight, mapsUrl, noEventsText, printLines, weightBand } from "../../web/features/labels/format";
import { couriersQueryKey } from "../../web/features/labels/labelsApi";
import type { ApiCourier, ApiLabel } from "../../web/features/labels/types";
import { apiLabel } from "./api-label";
import { ManualTab } from "../../web/features/upload/ManualTab";
import UploadPage from "../../web/features/upload/UploadPage";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const EVRI: ApiCourier = {
  id: "evri",
  label: "evri",
  displayName: "Evri",
  trackingPlaceholder: "H01… (16 chars)",
  noEvents: { card: "No tracking updates yet. This might be because Evri is behind or the number is too old.", detail: "No updates available." },
  printing: { supported: true },
  sendParcel: { url: "https://www.evri.com/send-a-parcel", text: "Send with Evri" },
  required: { recipientPostcode: "string" },
  optional: { shippedAt: "datetime", weightInGrams: "integer", dimensionsCm: "number[3]" },
  fieldLabels: { recipientPostcode: "Recipient postcode", shippedAt: "Shipped at", weightInGrams: "Weight (g)", dimensionsCm: "Dimensions (cm)" },
};
const ROYAL_MAIL: ApiCourier = {
  id: "royalmail",
  label: "royalmail",
  displayName: "Royal Mail",
  trackingPlaceholder: "AA123456789GB",
  noEvents: { card: "Tracking is currently not available for Royal Mail labels.", detail: "Tracking not available for Royal Mail yet." },
  printing: { supported: false, disabledTitle: "Printing not supported for Royal Mail yet" },
  sendParcel: null,
  required: { dimensionsCm: "number[3]" },
  optional: {},
  fieldLabels: { dimensionsCm: "Dimensions (cm)" },
};
/** A courier only the API knows: nothing on the web names it. */
const PARCEL_FOX: ApiCourier = {
  id: "parcelfox",
  label: "parcelfox",
  displayName: "Parcel Fox",
  trackingPlaceholder: "PF12345678",
  noEvents: { card: "Parcel Fox sends no updates.", detail: "No Parcel Fox updates." },
  printing: { supported: false, disabledTitle: "Parcel Fox labels cannot be printed" },
  sendParcel: null,
  required: { weightInGrams: "integer" },
  optional: { deliveredAt: "datetime" },
  fieldLabels: { weightInGrams: "Weight (g)", deliveredAt: "Delivered at" },
};
const COURIERS = [EVRI, ROYAL_MAIL];

/** A query cache that already holds the couriers call's answer. */
function cacheWithCouriers(couriers: ApiCourier[] = COURIERS) {
  const client = newQueryClient();
  client.setQueryData(couriersQueryKey, couriers);
  return client;
}

function label(over: Partial<ApiLabel> = {}, data: Partial<ApiLabel["data"][0]> = {}): ApiLabel {
  return apiLabel({ data: [{ courier: "evri", trackingCode: "H01AB00000000011", countryCode: "GB", ...data }], ...over });
}

describe("label formats", () => {
  it("shows weight in g under 1000 g, else kg with one decimal below 10 kg", () => {
    expect(formatWeight(999)).toBe("999 g");
    expect(formatWeight(1000)).toBe("1.0 kg");
    expect(formatWeight(1450)).toBe("1.5 kg");
    expect(formatWeight(9_949)).toBe("9.9 kg");
    expect(formatWeight(12_400)).toBe("12 kg");
  });
  it("maps weights to the courier link's bands, missing weight 1–2kg", () => {
    expect([weightBand(500), weightBand(1500), weightBand(3000), weightBand(7000), weightBand(12000), weightBand(null)]).toEqual([
      "under 1kg",
      "1–2kg",
      "2–5kg",
      "5–10kg",
      "10–15kg",
      "1–2kg",
    ]);
  });
  it("uses the courier's own no-events texts, else 'No updates available.'", () => {
    expect(noEventsText(EVRI, "card")).toBe("No tracking updates yet. This might be because Evri is behind or the number is too old.");
    expect(noEventsText(ROYAL_MAIL, "card")).toBe("Tracking is currently not available for Royal Mail labels.");
    expect(noEventsText(ROYAL_MAIL, "detail")).toBe("Tracking not available for Royal Mail yet.");
    expect(noEventsText(undefined, "card")).toBe("No updates available.");
  });
  it("names a download from content-disposition, adding an extension from the mime type", () => {
    expect(downloadName(`attachment; filename="a b.pdf"; filename*=UTF-8''a%20b.pdf`, "x", "application/pdf")).toBe("a b.pdf");
    expect(downloadName(`attachment; filename="scan"`, "x", "image/png")).toBe("scan.png");
    expect(downloadName(null, "label", "application/pdf")).toBe("label.pdf");
  });
  it("splits print address lines on new lines and commas; builds a maps search link", () => {
    const a = { name: "Jane", address: ["1 High St, Flat 2", "Leeds"], postcode: "LS1 1AA", countryCode: "GB" };
    expect(printLines(a)).toEqual(["Jane", "1 High St", "Flat 2", "Leeds", "LS1 1AA"]);
    expect(mapsUrl(a)).toBe("https://www.google.com/maps/search/?api=1&query=1%20High%20St%2C%20Flat%202%2C%20Leeds%2C%20LS1%201AA");
  });
});

describe("Manual tab", () => {
  const renderTab = (credits: number | null = 5) =>
    render(
      <MemoryRouter>
        <ManualTab couriers={COURIERS} credits={credits} />
      </MemoryRouter>,
    );
  const submit = () => fireEvent.click(screen.getByRole("button", { name: "Create Label" }));

  it("asks for a courier first", () => {
    renderTab();
    submit();
    expect(screen.getByRole("alert").textContent).toBe("Please select a courier.");
  });

  it("shows the tracking-code placeholder of the courier", () => {
    renderTab();
    const code = screen.getByLabelText("Tracking code");
    expect(code.getAttribute("placeholder")).toBe("Enter tracking code");
    fireEvent.change(screen.getByLabelText("Courier"), { target: { value: "evri" } });
    expect(code.getAttribute("placeholder")).toBe("H01… (16 chars)");
    fireEvent.change(screen.getByLabelText("Courier"), { target: { value: "royalmail" } });
    expect(code.getAttribute("placeholder")).toBe("AA123456789GB");
  });

  it("lists the missing tracking code and required fields", () => {
    renderTab();
    fireEvent.change(screen.getByLabelText("Courier"), { target: { value: "evri" } });
    submit();
    expect([...screen.getByRole("alert").querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "Tracking code is required.",
      "Missing required field: Recipient postcode",
    ]);
  });

  it("asks for three dimensions when they are required or partly typed", () => {
    renderTab();
    fireEvent.change(screen.getByLabelText("Courier"), { target: { value: "royalmail" } });
    fireEvent.change(screen.getByLabelText("Tracking code"), { target: { value: "SG577041359GB" } });
    fireEvent.change(screen.getByLabelText("Dimensions (cm) L"), { target: { value: "10" } });
    submit();
    expect(screen.getByRole("alert").textContent).toBe("Dimensions (cm) must be three numbers: L, W, H.");
  });

  it("sends the manual label with ISO dates, parsed numbers, trimmed tags and notes", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(json(201, { trackingCode: "H04AQA0004726589", id: "lbl_9" }));
    renderTab();
    fireEvent.change(screen.getByLabelText("Courier"), { target: { value: "evri" } });
    fireEvent.change(screen.getByLabelText("Tracking code"), { target: { value: " H04AQA0004726589 " } });
    fireEvent.change(screen.getByLabelText(/Recipient postcode/), { target: { value: "SW1A 1AA" } });
    fireEvent.change(screen.getByLabelText(/Shipped at/), { target: { value: "2026-03-02T10:15" } });
    fireEvent.change(screen.getByLabelText(/Weight/), { target: { value: "abc" } });
    fireEvent.change(screen.getByLabelText("Tags"), { target: { value: " a, ,b " } });
    fireEvent.change(screen.getByLabelText("Notes"), { target: { value: "  hi " } });
    submit();
    await screen.findByText(/created/);
    const [url, init] = fetchSpy.mock.calls[0];
    expect(url).toBe("/api/v1/label/manual");
    expect(JSON.parse(String(init!.body))).toEqual({
      courier: "evri",
      trackingCode: "H04AQA0004726589",
      fields: { recipientPostcode: "SW1A 1AA", shippedAt: new Date("2026-03-02T10:15").toISOString() },
      tags: ["a", "b"],
      notes: "hi",
    });
    expect(screen.getByRole("link", { name: "View label" }).getAttribute("href")).toBe("/label/lbl_9");
  });

  it("says a code already in the user's labels exists (updated, not charged) and links it, not 'created'", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(json(200, { trackingCode: "H04AQA0004726589", id: "lbl_7", created: false }));
    renderTab();
    fireEvent.change(screen.getByLabelText("Courier"), { target: { value: "evri" } });
    fireEvent.change(screen.getByLabelText("Tracking code"), { target: { value: "H04AQA0004726589" } });
    fireEvent.change(screen.getByLabelText(/Recipient postcode/), { target: { value: "SW1A 1AA" } });
    submit();
    const said = await screen.findByText(/already in your labels/);
    expect(said.textContent).toBe("H04AQA0004726589 is already in your labels: its details were updated, not charged. View label");
    expect(screen.queryByText(/created/)).toBeNull();
    expect(screen.getByRole("link", { name: "View label" }).getAttribute("href")).toBe("/label/lbl_7");
  });

  it("shows the server's error", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(json(400, { error: "Invalid tracking code for evri: nope." }));
    renderTab();
    fireEvent.change(screen.getByLabelText("Courier"), { target: { value: "evri" } });
    fireEvent.change(screen.getByLabelText("Tracking code"), { target: { value: "H0" } });
    fireEvent.change(screen.getByLabelText(/Recipient postcode/), { target: { value: "SW1A 1AA" } });
    submit();
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid tracking code for evri: nope.");
  });

  it("renders the form of a courier only the couriers call knows, from its answer", async () => {
    tokens.set("acc", "ref");
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname === "/api/v1/user") return json(200, { id: 1, email: "a@b.c", credits: 3, is_admin: false });
      if (url.pathname === "/api/v1/couriers") return json(200, [...COURIERS, PARCEL_FOX]);
      return json(404, { error: "Not found" });
    });
    render(
      <QueryClientProvider client={newQueryClient()}>
        <AuthProvider>
          <MemoryRouter initialEntries={["/upload#manual"]}>
            <UploadPage />
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText("Evri, Royal Mail, Parcel Fox")).toBeTruthy();
    const courier = (await screen.findByLabelText("Courier")) as HTMLSelectElement;
    expect([...courier.options].map((o) => o.textContent)).toEqual(["Select a courier", "Evri", "Royal Mail", "Parcel Fox"]);
    fireEvent.change(courier, { target: { value: "parcelfox" } });
    expect(screen.getByLabelText("Tracking code").getAttribute("placeholder")).toBe("PF12345678");
    expect(screen.getByLabelText(/Weight \(g\)/).getAttribute("aria-required")).toBe("true");
    expect(screen.getByLabelText(/Delivered at/).getAttribute("type")).toBe("datetime-local");
    expect(screen.queryByLabelText(/Recipient postcode/)).toBeNull();
    fireEvent.change(screen.getByLabelText("Tracking code"), { target: { value: "PF12345678" } });
    submit();
    expect(screen.getByRole("alert").textContent).toBe("Missing required field: Weight (g)");
  });

  it("disables creation at zero credits", () => {
    renderTab(0);
    const button = screen.getByRole("button", { name: "Create Label" });
    expect(button.hasAttribute("disabled")).toBe(true);
    expect(button.getAttribute("title")).toBe("You need credits to create labels");
    // Said beside it too (a phone shows no title), and tied to it for a screen reader.
    const reason = screen.getByText("You need credits to create labels.");
    expect(button.getAttribute("aria-describedby")).toBe(reason.id);
  });
});

/** One label's card, the couriers call already answered. */
const renderCard = (l: ApiLabel, couriers: ApiCourier[] = COURIERS) =>
  render(
    <QueryClientProvider client={cacheWithCouriers(couriers)}>
      <MemoryRouter>
        <LabelCard label={l} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe("label card", () => {
  const events = [
    { dateTime: "2026-03-01T09:00:00Z", trackingPoint: { description: "Received" } },
    { dateTime: "2026-03-03T09:00:00Z", trackingPoint: { description: "Delivered" } },
  ];

  it("shows the latest event only until 'Show all updates'", () => {
    renderCard(label({}, { tracking: { results: [{ trackingEvents: events }] }, weightInGrams: 1450, dimensionsCm: [30, 20, 10] }));
    expect(screen.getByText("Delivered")).toBeTruthy();
    expect(screen.queryByText("Received")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Show all updates" }));
    expect(screen.getByText("Received")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Hide details" }));
    expect(screen.queryByText("Received")).toBeNull();
    expect(screen.getByText("1.5 kg")).toBeTruthy();
    expect(screen.getByText("30cm × 20cm × 10cm")).toBeTruthy();
    expect(screen.getByRole("link", { name: "More Info" }).getAttribute("href")).toBe("/label/lbl_1");
  });

  it("warns about a potentially lost parcel and says when there are no events", () => {
    renderCard(label({ lostStatus: { potentiallyLost: true, potentiallyLostAt: "2025-07-05T12:00:00Z", lostEmailSentAt: null, reason: null } }));
    expect(screen.getByText("This parcel may be delayed or lost.")).toBeTruthy();
    // en-GB in UK time (BST), with the year of a date outside the current one.
    expect(screen.getByText(/^Flagged since 5 Jul 2025, 13:00/)).toBeTruthy();
    expect(screen.getByText("No tracking updates yet. This might be because Evri is behind or the number is too old.")).toBeTruthy();
  });

  it("names a courier it has no mark for by its display name, with its own no-events text", () => {
    renderCard(label({ courier: "parcelfox", trackingCode: "PF12345678" }), [...COURIERS, PARCEL_FOX]);
    expect(screen.getByText("Parcel Fox").className).toBe("badge");
    expect(screen.getByText("Parcel Fox sends no updates.")).toBeTruthy();
  });

  it("names a Royal Mail service ('Tracked 24'), never its raw code ('TPN01'), and shows a code it cannot name as it is", () => {
    const royalMail = (serviceCode: string, serviceName: string | null) =>
      label({ courier: "royalmail", trackingCode: "LX100000000GB" }, { courier: "royalmail", trackingCode: "LX100000000GB", serviceCode, serviceName });
    renderCard(royalMail("TPN01", "Tracked 24"));
    expect(screen.getByText("Tracked 24")).toBeTruthy();
    expect(screen.queryByText("TPN01")).toBeNull();
    cleanup();
    renderCard(royalMail("ZZZ99", null));
    expect(screen.getByText("ZZZ99")).toBeTruthy();
  });

  it("draws the mark of a courier that has one", () => {
    renderCard(label());
    expect(screen.getByRole("img", { name: "Evri" })).toBeTruthy();
  });

  it("shows 'Copied!' for 1.5 s after copying the tracking code", async () => {
    vi.useFakeTimers();
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockImplementation(async () => {});
    renderCard(label());
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy tracking code" })));
    expect(writeText).toHaveBeenCalledWith("H01AB00000000011");
    expect(screen.getByText("Copied!")).toBeTruthy();
    act(() => vi.advanceTimersByTime(1499));
    expect(screen.queryByText("Copied!")).toBeTruthy();
    act(() => vi.advanceTimersByTime(2));
    expect(screen.queryByText("Copied!")).toBeNull();
  });
});

describe("labels list", () => {
  function mockApi(labels: (url: URL) => Response) {
    return vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname === "/api/v1/user") return json(200, { id: 1, email: "a@b.c", credits: 3, is_admin: false });
      if (url.pathname === "/api/v1/couriers") return json(200, COURIERS);
      return labels(url);
    });
  }
  const renderList = (path = "/labels") =>
    render(
      <QueryClientProvider client={newQueryClient()}>
        <AuthProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/labels" element={<LabelsPage />} />
            </Routes>
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>,
    );

  it("shows an account without labels 'No labels found.' with an 'Upload labels' button, and none of the list's controls", async () => {
    tokens.set("acc", "ref");
    mockApi(() => json(200, { results: [], total: 0 }));
    renderList();
    expect(screen.getByText("Loading labels…")).toBeTruthy();
    expect(await screen.findByText("No labels found.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Upload labels" }).getAttribute("href")).toBe("/upload");
    // Nothing to export, page, search or view another way (issue 33).
    expect(screen.queryByText(/Page 1 of 1/)).toBeNull();
    expect(screen.queryByRole("button", { name: "Export CSV" })).toBeNull();
    expect(screen.queryByLabelText("Per page")).toBeNull();
    expect(screen.queryByRole("navigation", { name: "Pagination" })).toBeNull();
    expect(screen.queryByRole("search")).toBeNull();
    expect(screen.queryByRole("group", { name: "View" })).toBeNull();
  });

  it("shows the error in a card", async () => {
    tokens.set("acc", "ref");
    mockApi(() => json(500, { error: "Failed to fetch labels" }));
    renderList();
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to fetch labels");
  });

  it("pages, resets to page 1 when the page size changes, and passes analytics filters as removable chips", async () => {
    tokens.set("acc", "ref");
    const spy = mockApi((url) => json(200, { results: [label({ id: `lbl_${url.searchParams.get("page")}` })], total: 40 }));
    renderList("/labels?courier=evri&from=2026-03-01&to=2026-03-01");
    expect(await screen.findByText(/40 labels · Page 1 of 3/)).toBeTruthy();
    const lastUrl = () =>
      spy.mock.calls.map((c) => new URL(String(c[0]), "http://localhost")).filter((u) => u.pathname === "/api/v1/labels").at(-1)!;
    expect(lastUrl().searchParams.get("courier")).toBe("evri");
    expect(lastUrl().searchParams.get("per_page")).toBe("15");
    expect(screen.getByRole("button", { name: "Previous" }).hasAttribute("disabled")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText(/Page 2 of 3/, { selector: "span[aria-live]" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Per page"), { target: { value: "25" } });
    await screen.findByText(/40 labels · Page 1 of 2/);
    expect(lastUrl().searchParams.get("per_page")).toBe("25");
    expect(lastUrl().searchParams.get("page")).toBe("1");
    fireEvent.click(await screen.findByRole("button", { name: "Remove filter Courier: Evri" }));
    await waitFor(() => expect(lastUrl().searchParams.get("courier")).toBeNull());
    expect(lastUrl().searchParams.get("from")).toBe("2026-03-01");
  });
});

describe("Notes & Tags", () => {
  it("shows Saving…, then Saved for 2 seconds", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(json(200, label({ notes: "n", tags: ["a", "b"] })));
    const onSaved = vi.fn();
    render(<NotesTagsEditor label={label()} onSaved={onSaved} />);
    fireEvent.change(screen.getByLabelText("Tags"), { target: { value: "a, , b" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getAllByText("Saving…").length).toBeGreaterThan(0);
    expect(await screen.findByText("Saved")).toBeTruthy();
    expect(onSaved).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByText("Saved")).toBeNull(), { timeout: 3000 });
  });

  it("shows the server error when saving fails", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(json(400, { error: "tags: at most 50 tags" }));
    render(<NotesTagsEditor label={label()} onSaved={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toBe("tags: at most 50 tags");
  });
});

describe("printing from the card", () => {
  const rm = (file: ApiLabel["file"]) => label({ courier: "royalmail", trackingCode: "SG577041359GB", file }, { courier: "royalmail" });

  it("opens the print view of a label it can print: an Evri label, a Royal Mail label with its original file", () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    renderCard(label());
    fireEvent.click(screen.getByRole("button", { name: "Print" }));
    expect(open).toHaveBeenCalledWith("/label/lbl_1/print", "_blank", "noopener");
    cleanup();
    renderCard(rm({ name: "rm.pdf", mime: "application/pdf", hasBytes: true }));
    expect(screen.getByRole("button", { name: "Print" }).hasAttribute("disabled")).toBe(false);
    expect(screen.queryByText(/Printing not supported/)).toBeNull();
  });

  it("says in words, and in the spec's title, why a Royal Mail label with no file to print from cannot print", () => {
    for (const file of [null, { name: "rm.gif", mime: "image/gif", hasBytes: true }]) {
      renderCard(rm(file));
      const print = screen.getByRole("button", { name: "Print" });
      expect(print.hasAttribute("disabled")).toBe(true);
      expect(print.getAttribute("title")).toBe("Printing not supported for Royal Mail yet");
      expect(document.getElementById(print.getAttribute("aria-describedby")!)?.textContent).toBe(
        "Printing not supported for Royal Mail yet: this label has no original file to print.",
      );
      cleanup();
    }
  });
});
