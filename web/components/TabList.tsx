import type { KeyboardEvent } from "react";

interface Tab<T extends string> {
  id: T;
  label: string;
}
export type TabPair<T extends string> = [Tab<T>, Tab<T>];

/**
 * A row of two tabs (WAI-ARIA tabs pattern). The arrow keys, Home and End move to the other tab and
 * focus it; the page renders the tab panel itself, labelled by `tabId(selected)`.
 */
export function TabList<T extends string>({
  tabs,
  selected,
  onSelect,
  label,
  className,
  tabId,
  panelId,
}: {
  tabs: TabPair<T>;
  selected: T;
  onSelect: (id: T) => void;
  label: string;
  className: string;
  tabId: (id: T) => string;
  panelId: (id: T) => string;
}) {
  function onKeyDown(e: KeyboardEvent) {
    if (e.key === "ArrowRight" || e.key === "ArrowLeft" || e.key === "Home" || e.key === "End") {
      e.preventDefault();
      const other = tabs[0].id === selected ? tabs[1].id : tabs[0].id;
      onSelect(other);
      document.getElementById(tabId(other))?.focus();
    }
  }

  return (
    <div className={className} role="tablist" aria-label={label}>
      {tabs.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          id={tabId(t.id)}
          className="tab"
          aria-selected={selected === t.id}
          aria-controls={panelId(t.id)}
          tabIndex={selected === t.id ? 0 : -1}
          onClick={() => onSelect(t.id)}
          onKeyDown={onKeyDown}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
