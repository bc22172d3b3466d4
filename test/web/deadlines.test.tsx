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
    // The sentence the server gives on 10 Dec; a claimable day (not one Evri has: made up here) lists its year.
    const sentence = "Evri no longer investigates; claims close on 3 Jan 2027: claim now";
    render(<DeadlineNote label={label({ ...late, claimableFrom: "2027-01-02", claimClosesOn: "2027-01-03", sentence })} detail />);
    const date = (name: string) => screen.getByText(name).nextSibling?.textContent;
    expect(screen.getByRole("status").textContent).toContain("claim now");
    // 26 Nov and 4 Dec have gone by on 10 Dec: they read so.
    expect(date("Was expected by")).toBe("26 Nov");
    expect(date("Enquiries closed on")).toBe("4 Dec");
    expect(date("Claimable from")).toBe("2 Jan 2027");
    // The sentence gives the day claims close: the list does not say it again.
    expect(screen.queryByText("Claims close on")).toBeNull();
  });

  it("says each date once: the list leaves out the one the sentence gives, by its name and day", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-30T12:00:00Z"));
    const waiting: LabelDeadlines = {
      expectedBy: null,
      enquiryBy: null,
      claimableFrom: null,
      claimClosesOn: "2026-12-30",
      sentence: "Waiting for Evri's first scan; claims close on 30 Dec",
      urgent: false,
    };
    const { container, rerender } = render(<DeadlineNote label={label(waiting)} detail />);
    expect(container.textContent).toBe("Waiting for Evri's first scan; claims close on 30 Dec");
    expect(container.querySelector("dl")).toBeNull();
    // Late and asked to act: 'until 4 Dec' is the enquiry day; the expected and closing days are still listed.
    rerender(<DeadlineNote label={label(late)} detail />);
    const rows = [...document.querySelectorAll("dt")].map((dt) => `${dt.textContent} ${dt.nextSibling?.textContent}`);
    expect(rows).toEqual(["Was expected by 26 Nov", "Claims close on 23 Dec"]);
    // A day named within another ('14 Dec' holds '4 Dec') or the same day of another year is not the listed one.
    for (const other of ["Evri will only investigate until 14 Dec: raise it now", "Evri will only investigate until 4 Dec 2027: raise it now"]) {
      rerender(<DeadlineNote label={label({ ...late, sentence: other })} detail />);
      expect(screen.getByText("Enquiry by").nextSibling?.textContent).toBe("4 Dec");
    }
    // The same day under another name is still listed: the sentence gives the enquiry day, not the closing one.
    rerender(<DeadlineNote label={label({ ...late, claimClosesOn: "2026-12-04" })} detail />);
    expect(screen.getByText("Claims close on").nextSibling?.textContent).toBe("4 Dec");
    expect(screen.queryByText("Enquiry by")).toBeNull();
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
    // The closing day is in the sentence ('closed on 27 Nov'), not listed again.
    expect(names).toEqual(["Was expected by 1 Sep", "Claimable since 28 Nov"]);
    expect(screen.getByText("Evri's claim window closed on 27 Nov")).toBeTruthy();
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
