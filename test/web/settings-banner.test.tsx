import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { newQueryClient } from "../../web/api/queries";
import { tokens } from "../../web/api/tokens";
import { LabelSettingsCard } from "../../web/features/settings/LabelSettingsCard";

// The current banner in Settings as GET /api/v1/user/banner answers it.

function renderCard(brandColor: string | null = null) {
  return render(
    <QueryClientProvider client={newQueryClient()}>
      <LabelSettingsCard companyName="Acme" companyTagline={null} brandColor={brandColor} onSaved={async () => {}} />
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

describe("choosing a banner", () => {
  it("refuses a PDF in words a seller reads, not a list of MIME types (issue 33)", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 204 }));
    renderCard();
    const input = (await screen.findByLabelText("Banner image")) as HTMLInputElement;
    const pdf = new File(["%PDF-1.7"], "logo.pdf", { type: "application/pdf" });
    fireEvent.change(input, { target: { files: [pdf] } });
    expect(screen.getByRole("alert").textContent).toBe("Use a PNG, JPEG or WEBP image");
    expect(screen.getByRole("alert").textContent).not.toContain("image/");
  });

  it("refuses an image over 5 MB in megabytes, not bytes", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 204 }));
    renderCard();
    const input = (await screen.findByLabelText("Banner image")) as HTMLInputElement;
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.png", { type: "image/png" });
    fireEvent.change(input, { target: { files: [big] } });
    expect(screen.getByRole("alert").textContent).toBe("Use an image of 5 MB or smaller");
  });
});

describe("the brand colour of the buyer's tracking page", () => {
  /** The JSON bodies of the PUT /user/profile calls the card made. */
  function profileSaves() {
    const bodies: unknown[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.endsWith("/api/v1/user/profile")) {
        bodies.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({}), { status: 200, headers: { "Content-Type": "application/json" } });
      }
      return new Response(null, { status: 204 });
    });
    return bodies;
  }

  it("saves the colour chosen, and shows the product's own when none is", async () => {
    const saves = profileSaves();
    renderCard();
    const input = screen.getByLabelText<HTMLInputElement>("Brand colour");
    expect(input.value).toBe("#b45309");
    expect(screen.getByText("#b45309 (Parcelhive)")).toBeTruthy();
    fireEvent.input(input, { target: { value: "#0f766e" } });
    fireEvent.click(screen.getByRole("button", { name: "Save label settings" }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ company_name: "Acme", brand_color: "#0f766e" });
  });

  it("goes back to the product's colour", async () => {
    const saves = profileSaves();
    renderCard("#0f766e");
    fireEvent.click(screen.getByRole("button", { name: "Use Parcelhive's colour" }));
    fireEvent.click(screen.getByRole("button", { name: "Save label settings" }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ brand_color: "" });
  });
});
