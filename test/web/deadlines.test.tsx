import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newQueryClient } from "../../web/api/queries";
import { DeadlineNote } from "../../web/features/labels/DeadlineNote";
import { LabelCard } from "../../web/features/labels/LabelCard";
import type { ApiLabel, LabelDeadlines } from "../../web/features/labels/types";
import { apiLabel } from "./api-label";

afterEach(() => {
  vi.useRealTimers();
});

const late: LabelDeadlines = {
  expectedBy: "2026-11-26",
  enquiryBy: "2026-12-04",
  claimableFrom: null,
  claimClosesOn: "2026-12-23",
  sentence: "Evri will only investigate until 4 Dec: raise it now",
  urgent: true,
};

function label(deadlines: LabelDeadlines | null): ApiLabel {
  return apiLabel({
    createdAt: "2026-11-23T09:00:00.000Z",
    updatedAt: "2026-11-24T08:00:00.000Z",
    tracking: { status: "in_transit", checkedAt: null, error: null },
    deadlines,
  });
}

describe("the deadline sentence", () => {
  it("warns on the label card when the parcel is late and the user must act", () => {
    const client = newQueryClient();
    client.setQueryData(["couriers"], []); // the card reads the couriers list; no call needed here
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <LabelCard label={label(late)} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const note = screen.getByRole("status", { name: "Carrier deadlines" });
    expect(note.textContent).toBe("Evri will only investigate until 4 Dec: raise it now");
    expect(note.classList).toContain("alert-warning");
    expect(screen.queryByText("Enquiry by")).toBeNull(); // the card shows the sentence only
  });

  it("lists the known dates on the detail page, en-GB, with the year of a day outside the current one", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-10T12:00:00Z"));
    render(<DeadlineNote label={label({ ...late, claimClosesOn: "2027-01-03" })} detail />);
    const date = (name: string) => screen.getByText(name).nextSibling?.textContent;
    expect(screen.getByRole("status").textContent).toContain("raise it now");
    // 26 Nov and 4 Dec have gone by on 10 Dec: they read so.
    expect(date("Was expected by")).toBe("26 Nov");
    expect(date("Enquiries closed on")).toBe("4 Dec");
    expect(date("Claims close on")).toBe("3 Jan 2027");
    expect(screen.queryByText("Claimable from")).toBeNull();
  });

  it("says a window that has closed closed, never that it closes (issue 33: 'CLAIMS CLOSE ON 27 Nov' on 28 Nov)", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // 28 Nov, 00:30 in the UK: the UK day, not the browser's.
    vi.setSystemTime(new Date("2026-11-28T00:30:00Z"));
    const closed: LabelDeadlines = {
      expectedBy: "2026-09-01",
      enquiryBy: null,
      claimableFrom: "2026-11-28",
      claimClosesOn: "2026-11-27",
      sentence: "Evri's claim window closed on 27 Nov",
      urgent: false,
    };
    render(<DeadlineNote label={label(closed)} detail />);
    const names = [...document.querySelectorAll("dt")].map((dt) => `${dt.textContent} ${dt.nextSibling?.textContent}`);
    expect(names).toEqual(["Was expected by 1 Sep", "Claimable since 28 Nov", "Claims closed on 27 Nov"]);
    expect(screen.queryByText("Claims close on")).toBeNull();
  });

  it("keeps a window open on its last day", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-27T23:30:00Z")); // still 27 Nov in the UK (GMT)
    render(<DeadlineNote label={label({ ...late, expectedBy: "2026-11-27", enquiryBy: "2026-11-27", claimableFrom: "2026-11-30", claimClosesOn: "2026-11-27" })} detail />);
    const names = [...document.querySelectorAll("dt")].map((dt) => dt.textContent);
    expect(names).toEqual(["Expected by", "Enquiry by", "Claimable from", "Claims close on"]);
  });

  it("is a quiet line while the parcel is on time", () => {
    render(<DeadlineNote label={label({ ...late, sentence: "Expected by Thu 26 Nov", urgent: false })} />);
    expect(screen.getByText("Expected by Thu 26 Nov").classList).toContain("muted");
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("shows nothing once delivered or for a courier without rules", () => {
    const { container, rerender } = render(<DeadlineNote label={label({ ...late, sentence: null, urgent: false })} detail />);
    expect(container.innerHTML).toBe("");
    rerender(<DeadlineNote label={label(null)} detail />);
    expect(container.innerHTML).toBe("");
  });
});
