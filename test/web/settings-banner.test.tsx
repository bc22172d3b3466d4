import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { newQueryClient } from "../../web/api/queries";
import { tokens } from "../../web/api/tokens";
import { LabelSettingsCard } from "../../web/features/settings/LabelSettingsCard";

// The current banner in Settings as GET /api/v1/user/banner answers it.

function renderCard() {
  return render(
    <QueryClientProvider client={newQueryClient()}>
      <LabelSettingsCard companyName="Acme" companyTagline={null} onSaved={async () => {}} />
    </QueryClientProvider>,
  );
}

beforeEach(() => tokens.set("acc", "ref"));
afterEach(() => {
  vi.restoreAllMocks();
  tokens.clear();
});

describe("the current banner", () => {
  it("says there is none when the server answers 204, with no image and no error", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 204 }));
    renderCard();
    expect(await screen.findByText("No banner image yet.")).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.queryByText("Failed to load current banner.")).toBeNull();
  });

  it("shows the image the server answers", async () => {
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:banner");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { status: 200, headers: { "Content-Type": "image/png" } }));
    renderCard();
    expect((await screen.findByRole("img")).getAttribute("src")).toBe("blob:banner");
  });

  it("says it failed for another error", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(JSON.stringify({ error: "boom" }), { status: 500 }));
    renderCard();
    expect(await screen.findByText(/Failed to load current banner\./)).toBeTruthy();
  });
});
