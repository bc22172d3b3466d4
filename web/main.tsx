import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { queryClient } from "./api/queries";
import { AuthProvider } from "./app/auth";
import { holdFirstRenderData, prepareFirstRender } from "./app/first-render";
import { RouteTree, routes } from "./app/router";
import "./styles.css";

function App() {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <BrowserRouter>
            <RouteTree routes={routes} />
          </BrowserRouter>
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}

/**
 * The first render replaces the app shell index.html painted (web/shell/) once the screen's code and first data are
 * in (web/app/first-render.ts), and renders as a transition: React yields to the browser every few milliseconds
 * instead of holding the main thread for the whole screen.
 */
async function start() {
  const root = createRoot(document.getElementById("root")!);
  await prepareFirstRender(routes, queryClient, window.location);
  holdFirstRenderData(queryClient);
  startTransition(() => root.render(<App />));
}

void start();
