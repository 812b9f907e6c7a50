import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';

/** One tab: its id (used in the URL and the panel's id) and the name on screen. */
export interface TabItem<T extends string> {
  id: T;
  label: string;
  icon?: ReactNode;
}

interface TabsProps<T extends string> {
  /** Names the tab list for screen readers. */
  label: string;
  tabs: readonly TabItem<T>[];
  active: T;
  onChange: (id: T) => void;
  /** Prefix of the tab and panel element ids. */
  idPrefix: string;
}

/** The id of a tab's panel, for the element that renders it. */
export const tabPanelId = (idPrefix: string, id: string) => `${idPrefix}-panel-${id}`;
/** The id of a tab's button, which labels its panel. */
export const tabButtonId = (idPrefix: string, id: string) => `${idPrefix}-tab-${id}`;

/** Scrolls a tab list sideways just enough to show the tab whole, with a little of its neighbours. */
function revealTab(list: HTMLElement, tab: HTMLElement) {
  const margin = 24;
  const box = list.getBoundingClientRect();
  const tabBox = tab.getBoundingClientRect();
  if (tabBox.left < box.left) list.scrollLeft -= box.left - tabBox.left + margin;
  else if (tabBox.right > box.right) list.scrollLeft += tabBox.right - box.right + margin;
}

/**
 * A WAI-ARIA tab list: arrow keys, Home and End move between tabs (automatic activation). Where the list is wider
 * than the screen it scrolls sideways, and the active tab is kept in view (on change and on resize).
 */
export function Tabs<T extends string>({ label, tabs, active, onChange, idPrefix }: TabsProps<T>) {
  const buttons = useRef(new Map<T, HTMLButtonElement>());
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const list = listRef.current;
    const reveal = () => {
      const tab = buttons.current.get(active);
      if (list && tab) revealTab(list, tab);
    };
    reveal();
    if (!list) return;
    const observer = new ResizeObserver(reveal);
    observer.observe(list);
    return () => observer.disconnect();
  }, [active]);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === active);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = tabs[moves[event.key] ?? -1];
    if (!next) return;
    event.preventDefault();
    onChange(next.id);
    buttons.current.get(next.id)?.focus();
  }

  return (
    <div ref={listRef} className="tabs" role="tablist" aria-label={label} onKeyDown={handleKeyDown}>
      {tabs.map((tab) => {
        const isActive = tab.id === active;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) buttons.current.set(tab.id, element);
              else buttons.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={tabButtonId(idPrefix, tab.id)}
            aria-selected={isActive}
            aria-controls={tabPanelId(idPrefix, tab.id)}
            tabIndex={isActive ? 0 : -1}
            className={`tabs__tab${isActive ? ' tabs__tab--active' : ''}`}
            onClick={() => onChange(tab.id)}
          >
            {tab.icon}
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

interface TabPanelProps {
  /** The `idPrefix` of the tab list that labels this panel. */
  idPrefix: string;
  /** The active tab, whose panel this is. */
  tab: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/** The panel of the active tab of a `Tabs` list, labelled by its tab. */
export function TabPanel({ idPrefix, tab, className, testId, children }: TabPanelProps) {
  return (
    <div
      className={className}
      role="tabpanel"
      id={tabPanelId(idPrefix, tab)}
      aria-labelledby={tabButtonId(idPrefix, tab)}
      data-testid={testId}
    >
      {children}
    </div>
  );
}
