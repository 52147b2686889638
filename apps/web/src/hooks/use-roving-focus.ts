import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';

/** The attribute that marks the one control of a group that Tab reaches. */
export const ROVING_ENTRY = 'data-roving-entry';

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

function members(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.matches(':disabled') && !element.closest('[aria-hidden="true"], [hidden]'),
  );
}

/**
 * One tab stop for a group of controls, such as a card in a list: Tab reaches the control marked with
 * `ROVING_ENTRY` only, and the Left and Right arrow keys move between all of the group's controls, in
 * reading order and round. The controls keep their own markup: their tab index is set here, after each
 * render, so controls that appear later leave the tab order too. Not for groups holding text fields,
 * whose arrow keys move the caret.
 */
export function useRovingFocus<T extends HTMLElement>() {
  const ref = useRef<T>(null);

  const setTabStops = () => {
    const root = ref.current;
    if (!root) return;
    for (const element of members(root)) element.tabIndex = element.hasAttribute(ROVING_ENTRY) ? 0 : -1;
  };
  useLayoutEffect(setTabStops);

  const onKeyDown = (event: KeyboardEvent<T>) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    const root = ref.current;
    if (!step || !root || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const all = members(root);
    const index = all.indexOf(event.target as HTMLElement);
    if (index < 0) return;
    event.preventDefault();
    all[(index + step + all.length) % all.length]?.focus();
  };

  return { ref, onKeyDown, onFocus: setTabStops };
}
