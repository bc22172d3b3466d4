import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tokens } from "../../web/api/tokens";
import ForgotPasswordPage from "../../web/features/auth/ForgotPasswordPage";
import LoginPage from "../../web/features/auth/LoginPage";
import ResetPasswordPage from "../../web/features/auth/ResetPasswordPage";
import VerifyEmailPage, { tokenFromLocation } from "../../web/features/auth/VerifyEmailPage";
import TermsPage from "../../web/features/legal/TermsPage";
import { renderRoutes } from "./render-routes";

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.hash}</p>;
}

function renderAt(entry: Parameters<typeof renderRoutes>[1]) {
  return renderRoutes(
    [
      { path: "/login", element: <LoginPage /> },
      { path: "/forgot-password", element: <ForgotPasswordPage /> },
      { path: "/reset-password", element: <ResetPasswordPage /> },
      { path: "/verify-email", element: <VerifyEmailPage /> },
      { path: "/terms", element: <><TermsPage /><Where /></> },
      { path: "/terms/privacy", element: <><TermsPage /><Where /></> },
      { path: "*", element: <Where /> },
    ],
    entry,
  );
}

/** A fetch whose answers the test releases, so busy states can be seen. */
function deferredFetch() {
  const pending: { url: string; body: unknown; resolve: (r: Response) => void }[] = [];
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const url = String(input);
    if (url.startsWith("/api/v1/user")) return Promise.resolve(json(200, { id: 1, email: "a@example.com", is_admin: false }));
    return new Promise((resolve) => pending.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined, resolve }));
  });
  return { spy, pending };
}

const type = (label: RegExp | string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => vi.restoreAllMocks());

describe("login tab", () => {
  it("shows the login texts and a link to forgot-password", () => {
    renderAt("/login");
    expect(screen.getByRole("tab", { name: "Login" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("heading", { name: "Welcome back" })).toBeTruthy();
    expect(screen.getByText("Sign in to continue.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Forgot your password?" }).getAttribute("href")).toBe("/forgot-password");
    expect(screen.getByRole("button", { name: "Don't have an account? Sign up" })).toBeTruthy();
    expect(screen.queryByText("Your password has been reset. Please sign in.")).toBeNull();
  });

  it("shows the reset-success message when navigation state carries the flag", () => {
    renderAt({ pathname: "/login", state: { passwordReset: true } });
    expect(screen.getByText("Your password has been reset. Please sign in.")).toBeTruthy();
  });

  it("checks the fields itself (browser validation off) and sends nothing when they are wrong", () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    renderAt("/login");
    const form = screen.getByRole("button", { name: "Sign In" }).closest("form")!;
    expect(form.noValidate).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(screen.getByText("Email is required.")).toBeTruthy();
    expect(screen.getByText("Password is required.")).toBeTruthy();
    type("Email", "not-an-email");
    type("Password", "12345");
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(screen.getByText("Enter a valid email address.")).toBeTruthy();
    expect(screen.getByText("Password must be at least 6 characters.")).toBeTruthy();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("shows 'Signing in...' while busy, stores both tokens and goes to /upload for an account without labels", async () => {
    const { pending } = deferredFetch();
    const router = renderAt("/login");
    type("Email", " a@example.com ");
    type("Password", "secret1");
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    const busy = await screen.findByRole("button", { name: "Signing in..." });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(pending[0]).toMatchObject({ url: "/api/v1/login", body: { email: "a@example.com", password: "secret1" } });
    await act(async () => pending[0].resolve(json(200, { access_token: "acc", refresh_token: "ref" })));
    // Where to land depends on whether the account has labels (test/web/sign-in-return.test.tsx): still busy until then.
    await waitFor(() => expect(pending.some((p) => p.url.startsWith("/api/v1/labels?"))).toBe(true));
    expect(screen.getByRole("button", { name: "Signing in..." })).toBeTruthy();
    await act(async () => {
      for (const p of pending.slice(1)) p.resolve(json(200, p.url.startsWith("/api/v1/couriers") ? [] : { results: [], total: 0 }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/upload"));
    expect(tokens.access()).toBe("acc");
    expect(tokens.refresh()).toBe("ref");
  });

  it("shows 'Invalid email or password' on a 401 and enables the button again", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(json(401, { error: "Invalid email or password" }));
    renderAt("/login");
    type("Email", "a@example.com");
    type("Password", "wrong-pass");
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid email or password");
    expect((screen.getByRole("button", { name: "Sign In" }) as HTMLButtonElement).disabled).toBe(false);
    expect(tokens.access()).toBeNull();
  });

  it("shows the server's error for other failures, and the network text when there is no response", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(json(429, { error: "Too many attempts. Please wait a minute and try again." }));
    renderAt("/login");
    type("Email", "a@example.com");
    type("Password", "secret1");
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Too many attempts. Please wait a minute and try again.");
    fetchSpy.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Network error or CORS issue"));
  });
});

describe("sign-up tab", () => {
  it("shows the sign-up texts, unchecked consent, privacy and terms links", () => {
    renderAt("/login");
    fireEvent.click(screen.getByRole("tab", { name: "Sign up" }));
    expect(screen.getByRole("heading", { name: "Create your account" })).toBeTruthy();
    expect(screen.getByText("Start using the product in minutes.")).toBeTruthy();
    expect((screen.getByRole("checkbox") as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole("link", { name: "How we use your data" }).getAttribute("href")).toBe("/terms#privacy");
    const agreement = screen.getByText(/By creating an account you agree to our/);
    expect(agreement.textContent).toBe("By creating an account you agree to our Terms. Verified emails receive 50 free credits to try the product.");
    expect(screen.getByRole("link", { name: "Terms" }).getAttribute("href")).toBe("/terms");
    fireEvent.click(screen.getByRole("button", { name: "Already have an account? Log in" }));
    expect(screen.getByRole("heading", { name: "Welcome back" })).toBeTruthy();
  });

  it("creates the account with the consent, shows 'Creating account...', then signs in and goes to /upload", async () => {
    const { pending } = deferredFetch();
    const router = renderAt({ pathname: "/login", hash: "#signup" });
    type("Email", "new@example.com");
    type("Password", "secret12");
    fireEvent.click(screen.getByRole("checkbox"));
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByRole("button", { name: "Creating account..." })).toBeTruthy();
    expect(pending[0]).toMatchObject({ url: "/api/v1/signup", body: { email: "new@example.com", password: "secret12", marketing_consent: true } });
    await act(async () => pending[0].resolve(json(201, { message: "Account created." })));
    await waitFor(() => expect(pending[1]).toMatchObject({ url: "/api/v1/login", body: { email: "new@example.com", password: "secret12" } }));
    await act(async () => pending[1].resolve(json(200, { access_token: "a2", refresh_token: "r2" })));
    await waitFor(() => expect(router.state.location.pathname).toBe("/upload"));
    expect(tokens.access()).toBe("a2");
  });

  it("shows 'That email is already registered' on a 409", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(json(409, { error: "Conflict" }));
    renderAt({ pathname: "/login", hash: "#signup" });
    type("Email", "taken@example.com");
    type("Password", "secret12");
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect((await screen.findByRole("alert")).textContent).toBe("That email is already registered");
  });

  it("asks for at least 8 characters at sign-up, the reset's rule, and sends nothing for fewer", () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    renderAt({ pathname: "/login", hash: "#signup" });
    const password = screen.getByLabelText("Password");
    expect(document.getElementById(password.getAttribute("aria-describedby")!)?.textContent).toBe("At least 8 characters.");
    type("Email", "new@example.com");
    type("Password", "secret7");
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(screen.getByText("Password must be at least 8 characters.")).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("moves between tabs with the arrow keys", () => {
    renderAt("/login");
    fireEvent.keyDown(screen.getByRole("tab", { name: "Login" }), { key: "ArrowRight" });
    expect(screen.getByRole("tab", { name: "Sign up" }).getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Sign up" }));
  });
});

describe("forgot password", () => {
  it.each([
    [json(200, { message: "ok" }), "If that email exists, we’ve sent a password reset link."],
    [json(429, { error: "Too many" }), "If that email exists, we’ve sent a password reset link."],
    [json(503, { error: "down" }), "Something went wrong. Please try again."],
  ])("shows the spec's text for the answer (%#)", async (answer, text) => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(answer);
    renderAt("/forgot-password");
    type("Email", "a@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to login" }).getAttribute("href")).toBe("/login");
  });
});

describe("reset password", () => {
  it.each([
    ["expired", "This reset link has expired."],
    ["used", "This reset link has already been used."],
    ["invalid", "This reset link is invalid."],
  ])("shows the %s text with links to request a new one and back to login", async (reason, text) => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(json(200, { valid: false, reason }));
    renderAt("/reset-password?token=abc");
    expect(screen.getByText("Checking your reset link…")).toBeTruthy();
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Request a new reset link" }).getAttribute("href")).toBe("/forgot-password");
    expect(screen.getByRole("link", { name: "Back to login" }).getAttribute("href")).toBe("/login");
  });

  it("treats a missing token as invalid without calling the server", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    renderAt("/reset-password");
    expect(await screen.findByText("This reset link is invalid.")).toBeTruthy();
    expect(spy.mock.calls.filter(([u]) => String(u).includes("password-reset"))).toHaveLength(0);
  });

  it("checks length and match, then saves and goes to /login with the reset-success flag", async () => {
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(json(200, { valid: true }))
      .mockResolvedValueOnce(json(200, { message: "done" }));
    const router = renderAt("/reset-password?token=tok123");
    await screen.findByLabelText("New password");
    type("New password", "short");
    fireEvent.click(screen.getByRole("button", { name: "Save new password" }));
    expect(screen.getByText("Password must be at least 8 characters.")).toBeTruthy();
    type("New password", "long-enough-1");
    type("Confirm password", "long-enough-2");
    fireEvent.click(screen.getByRole("button", { name: "Save new password" }));
    expect(screen.getByText("Passwords do not match.")).toBeTruthy();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    type("Confirm password", "long-enough-1");
    fireEvent.click(screen.getByRole("button", { name: "Save new password" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.state).toEqual({ passwordReset: true });
    expect(JSON.parse(String(fetchSpy.mock.calls[1][1]!.body))).toEqual({ token: "tok123", new_password: "long-enough-1" });
  });

  it("shows the server's error when the confirm fails", async () => {
    vi.spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(json(200, { valid: true }))
      .mockResolvedValueOnce(json(400, { error: "This reset link has already been used." }));
    renderAt("/reset-password?token=tok123");
    await screen.findByLabelText("New password");
    type("New password", "long-enough-1");
    type("Confirm password", "long-enough-1");
    fireEvent.click(screen.getByRole("button", { name: "Save new password" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This reset link has already been used.");
  });
});

describe("verify email", () => {
  it("reads the token from the query or the hash", () => {
    expect(tokenFromLocation("?token=abc", "")).toBe("abc");
    expect(tokenFromLocation("", "#token=def")).toBe("def");
    expect(tokenFromLocation("", "#ghi")).toBe("ghi");
    expect(tokenFromLocation("", "")).toBe("");
  });

  it("says 'No token found' without a token, and offers the resend form", () => {
    renderAt("/verify-email");
    expect(screen.getByRole("heading", { name: "No token found" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send Link" })).toBeTruthy();
  });

  it.each([
    ["Email verified", "Email verified", "Thanks! Your email has been confirmed."],
    ["Already verified", "Already verified", "Your email was already confirmed. You’re good to go."],
  ])("shows the success for server message '%s'", async (message, heading, text) => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(json(200, { message }));
    renderAt(`/verify-email?token=tok-${message.length}`);
    expect(screen.getByText("Verifying your email…")).toBeTruthy();
    expect(await screen.findByRole("heading", { name: heading })).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Settings" }).getAttribute("href")).toBe("/settings");
    expect(screen.getByRole("link", { name: "Go Home" }).getAttribute("href")).toBe("/");
  });

  it("shows the failure with the message and (HTTP status), and the resend states", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(json(400, { error: "This verification link is invalid." }));
    renderAt("/verify-email#token=bad-token");
    expect(await screen.findByRole("heading", { name: "Verification failed" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("This verification link is invalid. (HTTP 400)");
    let release!: (r: Response) => void;
    fetchSpy.mockImplementationOnce(() => new Promise((r) => (release = r)));
    type("Email", "a@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Send Link" }));
    expect(await screen.findByRole("button", { name: "Sending…" })).toBeTruthy();
    await act(async () => release(json(200, {})));
    expect(await screen.findByText("If the email exists, a verification link was sent.")).toBeTruthy();
    fetchSpy.mockResolvedValueOnce(json(500, {}));
    fireEvent.click(screen.getByRole("button", { name: "Send Link" }));
    expect(await screen.findByText("Could not resend verification email.")).toBeTruthy();
  });
});

describe("terms page", () => {
  it("shows 14 terms sections, the date and a print button; #privacy shows 10 privacy sections", async () => {
    const router = renderAt("/terms");
    expect(screen.getByText("Last updated: 18 September 2025")).toBeTruthy();
    expect(screen.getByRole("button", { name: /Print/ })).toBeTruthy();
    expect(document.querySelectorAll(".legal-section")).toHaveLength(14);
    expect(screen.getByText(/13\. Governing law/)).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "Privacy Policy" }));
    await waitFor(() => expect(router.state.location.hash).toBe("#privacy"));
    expect(document.querySelectorAll(".legal-section")).toHaveLength(10);
    expect(screen.getAllByRole("link", { name: "contact page" })[0].getAttribute("href")).toBe("/contact");
  });

  it("opens the privacy tab for a path ending in /privacy", () => {
    renderAt("/terms/privacy");
    expect(screen.getByRole("tab", { name: "Privacy Policy" }).getAttribute("aria-selected")).toBe("true");
  });
});
