/**
 * A button that is disabled while its work runs ('Generate API key', 'Add endpoint', 'Refresh tracking', 'Save label
 * settings', …) loses the focus in a browser: Chromium moves it to the page's body, and a keyboard user who pressed it
 * is sent back to the top of the page (session 9's ux pass). This gives the focus back to the button once it is enabled
 * again, if nothing else has taken it meanwhile. A button that goes away instead is let go after a minute.
 */
export function keepFocusOnBusyButtons(doc: Document = document): () => void {
  const watching = new Set<() => void>();
  const onFocusOut = (event: FocusEvent) => {
    const button = event.target;
    if (event.relatedTarget || !(button instanceof HTMLButtonElement) || !button.disabled) return;
    const observer = new MutationObserver(() => {
      if (button.disabled && button.isConnected) return;
      stop();
      const now = doc.activeElement;
      if (button.isConnected && (!now || now === doc.body)) button.focus();
    });
    const timer = setTimeout(() => stop(), 60_000);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      watching.delete(stop);
    };
    observer.observe(button, { attributes: true, attributeFilter: ["disabled"] });
    watching.add(stop);
  };
  doc.addEventListener("focusout", onFocusOut);
  return () => {
    doc.removeEventListener("focusout", onFocusOut);
    for (const stop of [...watching]) stop();
  };
}
