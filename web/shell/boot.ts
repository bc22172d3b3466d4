import { startEarlyCall } from "../api/early";
import { tokens } from "../api/tokens";
import { earlyCalls } from "./early-calls";
import { screenOf, shellVariant, type ShellScreen } from "./screens";

/**
 * The app shell's boot script, inlined at the end of index.html's body by the build (scripts/app-shell.ts) and
 * run while the page is read, before the first paint and before any script arrives: it shows the shell screen for
 * the address and the stored sign-in (one of the <template>s above it), links the screen's code for preloading
 * beside the entry script, and, signed in, starts the screen's first API calls (web/api/early.ts).
 */
declare const __SHELL_PRELOADS__: Partial<Record<ShellScreen, string[]>>;

function boot() {
  let token: string | null = null;
  try {
    token = tokens.access();
  } catch {
    // No storage (a locked-down browser): signed out, as the app will find too.
  }
  const variant = shellVariant(location.pathname, Boolean(token), location.hash);
  const template = document.getElementById(`shell-${variant}`);
  const root = document.getElementById("root");
  if (template instanceof HTMLTemplateElement && root) root.replaceChildren(template.content.cloneNode(true));
  for (const href of __SHELL_PRELOADS__[screenOf(variant)] ?? []) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.fetchPriority = "low"; // as the entry script's (scripts/app-shell.ts)
    link.href = href;
    document.head.append(link);
  }
  if (token) for (const url of earlyCalls(variant, location)) startEarlyCall(url, token);
}

boot();
