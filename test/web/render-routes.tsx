import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { newQueryClient } from "../../web/api/queries";
import { AuthProvider } from "../../web/app/auth";

type Entry = string | { pathname: string; search?: string; hash?: string; state?: unknown };

/** Renders `routes` at `entry` in a memory router inside the app's providers (query cache, auth); answers the router. */
export function renderRoutes(routes: RouteObject[], entry: Entry) {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  render(
    <QueryClientProvider client={newQueryClient()}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return router;
}
