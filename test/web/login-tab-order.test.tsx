import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { routes } from "../../web/app/router";
import { renderRoutes } from "./render-routes";

// Login by keyboard: e-mail, Tab, password, Enter. 'Forgot your password?' sat between the two in the tab order (it is
// drawn beside the password's label), so the password went nowhere and Enter opened /forgot-password (session 9's ux
// pass). It is still drawn there, but comes after the password field.

afterEach(() => vi.restoreAllMocks());

/** The page's focusable elements in tab order (none has a positive tabindex: document order). */
const tabOrder = () => [...document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea")].filter((el) => !el.hasAttribute("disabled"));

describe("the login form's tab order", () => {
  it("goes from the e-mail straight to the password, then the sign-in, with the reset link after the password", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(() => new Promise<Response>(() => {}));
    renderRoutes(routes, "/login");
    const email = await screen.findByLabelText("Email");
    const order = tabOrder();
    const at = (el: HTMLElement) => order.indexOf(el);
    const password = screen.getByLabelText("Password");
    const forgot = screen.getByRole("link", { name: "Forgot your password?" });
    expect(at(password)).toBe(at(email) + 1);
    expect(at(forgot)).toBeGreaterThan(at(password));
    expect(at(screen.getByRole("button", { name: "Sign In" }))).toBeGreaterThan(at(password));
    expect([...document.querySelectorAll("[tabindex]")].filter((el) => Number(el.getAttribute("tabindex")) > 0)).toEqual([]);
  });
});
