import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MailList } from "../../web/features/webmail/MailList";
import type { MailListItem } from "../../web/features/webmail/api";

const message = (key: string, size: number): MailListItem => ({
  key,
  direction: "in",
  from: "Buyer <buyer@example.com>",
  to: ["support@parcelhive.test"],
  subject: `Message ${key}`,
  date: "2026-11-28T10:00:00Z",
  last_modified: "2026-11-28T10:00:01Z",
  snippet: "Where is my parcel?",
  size,
});

describe("the webmail list", () => {
  it("gives a short message's size in bytes, never '0 KB' (issue 33), and KB or MB above", () => {
    render(<MailList messages={[message("a", 300), message("b", 4_300), message("c", 2_621_440)]} selectedKey={null} hasMore={false} loadingMore={false} onSelect={() => {}} onLoadMore={() => {}} />);
    const sizes = [...document.querySelectorAll(".webmail-row-size")].map((s) => s.textContent);
    expect(sizes).toEqual(["300 B", "4 KB", "2.5 MB"]);
    expect(screen.queryByText("0 KB")).toBeNull();
  });
});
