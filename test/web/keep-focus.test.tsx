import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Layout } from "../../web/app/Layout";
import { renderRoutes } from "./render-routes";

// A button disabled while its work runs drops the focus in Chromium (to the page's body): the frame gives it back when
// the button is enabled again (web/app/keep-focus.ts). happy-dom keeps the focus on a disabled button, so each test
// blurs it as Chromium does.

let finish = () => {};
function BusyButton() {
  const [busy, setBusy] = useState(false);
  return (
    <>
      <button
        type="button"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          finish = () => setBusy(false);
        }}
      >
        Refresh tracking
      </button>
      <input aria-label="Elsewhere" />
    </>
  );
}

const renderFrame = () => renderRoutes([{ path: "/", element: <Layout />, children: [{ path: "x", element: <BusyButton /> }] }], "/x");

/** Presses the button from the keyboard and disables it as the page does, dropping the focus as Chromium does. */
async function pressAndDrop() {
  const button = await screen.findByRole("button", { name: "Refresh tracking" });
  button.focus();
  fireEvent.click(button);
  await waitFor(() => expect(button.hasAttribute("disabled")).toBe(true));
  // Chromium's move of the focus: out of the button, to nothing (the body).
  button.removeAttribute("disabled");
  button.blur();
  button.setAttribute("disabled", "");
  fireEvent.focusOut(button, { relatedTarget: null });
  expect(document.activeElement).toBe(document.body);
  return button;
}

afterEach(() => {
  finish = () => {};
});

describe("a busy button's focus", () => {
  it("comes back to the button once it is enabled again", async () => {
    renderFrame();
    const button = await pressAndDrop();
    act(() => finish());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it("stays where the user has put it meanwhile", async () => {
    renderFrame();
    await pressAndDrop();
    const elsewhere = screen.getByLabelText("Elsewhere");
    elsewhere.focus();
    act(() => finish());
    await new Promise((r) => setTimeout(r, 20));
    expect(document.activeElement).toBe(elsewhere);
  });
});
