import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { tokens } from "../../web/api/tokens";
import { DetailsEditor } from "../../web/features/labels/DetailsEditor";
import type { ApiCourier, ApiLabel } from "../../web/features/labels/types";
import { BuyerMailsCard } from "../../web/features/settings/BuyerMailsCard";
import { ManualTab } from "../../web/features/upload/ManualTab";

// Where a seller gives a buyer's e-mail (the manual form, Edit details) and chooses the moments mailed (Settings).

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** The JSON bodies sent, each answered `answer`. */
function bodies(answer: () => Response) {
  const sent: unknown[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
    sent.push(JSON.parse(String(init?.body)));
    return answer();
  });
  return sent;
}

beforeEach(() => tokens.set("acc", "ref"));
afterEach(() => {
  vi.restoreAllMocks();
  tokens.clear();
});

const EVRI = {
  id: "evri",
  label: "evri",
  displayName: "Evri",
  trackingPlaceholder: "H01… (16 chars)",
  noEvents: { card: "", detail: "" },
  printing: { supported: true },
  sendParcel: null,
  required: { recipientPostcode: "string" },
  optional: {},
  fieldLabels: { recipientPostcode: "Recipient postcode" },
} as ApiCourier;

describe("the buyer's e-mail in the manual form", () => {
  function fill(email: string) {
    render(
      <MemoryRouter>
        <ManualTab couriers={[EVRI]} credits={5} />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText("Courier"), { target: { value: "evri" } });
    fireEvent.change(screen.getByLabelText("Tracking code"), { target: { value: "H04AQA0004726589" } });
    fireEvent.change(screen.getByLabelText(/Recipient postcode/), { target: { value: "LS1 4AP" } });
    fireEvent.change(screen.getByLabelText(/Buyer's e-mail/), { target: { value: email } });
    fireEvent.click(screen.getByRole("button", { name: "Create Label" }));
  }

  it("is sent with the label", async () => {
    const sent = bodies(() => json(201, { trackingCode: "H04AQA0004726589", id: "lbl_1", created: true }));
    fill(" jane@example.com ");
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ buyerEmail: "jane@example.com" });
  });

  it("is checked before sending", () => {
    const sent = bodies(() => json(201, {}));
    fill("jane at example");
    expect(screen.getByRole("alert").textContent).toBe("Buyer's e-mail must be an e-mail address.");
    expect(sent).toEqual([]);
  });
});

describe("the buyer in 'Edit details'", () => {
  const label = {
    id: "lbl_1",
    trackingCode: "H04AQA0004726589",
    courier: "evri",
    buyerEmail: "jane@example.com",
    buyerNotifications: true,
    data: [{ courier: "evri", trackingCode: "H04AQA0004726589", countryCode: "GB" }],
  } as unknown as ApiLabel;

  it("sends a changed address and the label's mails switched off, nothing else", async () => {
    const sent = bodies(() => json(200, label));
    const onSaved = vi.fn();
    render(<DetailsEditor label={label} onSaved={onSaved} onCancel={() => {}} />);
    expect(screen.getByLabelText<HTMLInputElement>("Buyer's e-mail").value).toBe("jane@example.com");
    fireEvent.change(screen.getByLabelText("Buyer's e-mail"), { target: { value: "jane@other.test" } });
    fireEvent.click(screen.getByLabelText("Send this buyer tracking e-mails"));
    fireEvent.click(screen.getByRole("button", { name: "Save details" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent[0]).toEqual({ buyerEmail: "jane@other.test", buyerNotifications: false });
  });

  it("removes the address when emptied", async () => {
    const sent = bodies(() => json(200, label));
    const onSaved = vi.fn();
    render(<DetailsEditor label={label} onSaved={onSaved} onCancel={() => {}} />);
    fireEvent.change(screen.getByLabelText("Buyer's e-mail"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save details" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent[0]).toEqual({ buyerEmail: null });
  });
});

describe("the moments in Settings", () => {
  it("saves each moment as it is ticked, in their order", async () => {
    const sent = bodies(() => json(200, {}));
    const onSaved = vi.fn(async () => {});
    render(<BuyerMailsCard moments={["delivered"]} onSaved={onSaved} />);
    expect(screen.getByRole("checkbox", { name: /^Delivered/ })).toHaveProperty("checked", true);
    fireEvent.click(screen.getByRole("checkbox", { name: /^Shipped/ }));
    expect(await screen.findByText("Buyer e-mails updated.")).toBeTruthy();
    expect(sent).toEqual([{ buyer_mail_moments: ["shipped", "delivered"] }]);
  });

  it("puts the tick back and says so when saving fails", async () => {
    bodies(() => json(500, { error: "Something went wrong. Please try again." }));
    render(<BuyerMailsCard moments={[]} onSaved={async () => {}} />);
    const delayed = screen.getByRole("checkbox", { name: /^Delayed/ });
    fireEvent.click(delayed);
    expect(await screen.findByText("Something went wrong. Please try again.")).toBeTruthy();
    expect(delayed).toHaveProperty("checked", false);
  });
});
