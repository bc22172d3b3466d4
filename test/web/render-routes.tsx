import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { type RenderResult, render } from "@testing-library/react";
import { MemoryRouter, useLocation, type Location, type RouteObject } from "react-router";
import { newQueryClient } from "../../web/api/queries";
import { AuthProvider } from "../../web/app/auth";
import { RouteTree } from "../../web/app/router";

type Entry = string | { pathname: string; search?: string; hash?: string; state?: unknown };

/** Where the memory router is now, for the tests to read (`router.state.location`). */
interface RouterProbe {
  state: { location: Location };
}

function LocationProbe({ probe }: { probe: RouterProbe }) {
  probe.state.location = useLocation();
  return null;
}

/**
 * Renders `routes` at `entry` in a memory router inside the app's providers (query cache, auth), the way
 * web/main.tsx renders them in the browser; answers a probe of the router's current location.
 */
export function renderRoutes(routes: RouteObject[], entry: Entry) {
  const probe = { state: {} } as RouterProbe;
  render(
    <QueryClientProvider client={newQueryClient()}>
      <AuthProvider>
        <MemoryRouter initialEntries={[entry]}>
          <RouteTree routes={routes} />
          <LocationProbe probe={probe} />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return probe;
}

/** `element` at `path` inside the app's providers with `client`, whose data a test fetched ahead (as web/app/first-render.ts does). */
export function renderWithClient(client: QueryClient, element: ReactNode, path = "/labels"): RenderResult {
  return render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}
