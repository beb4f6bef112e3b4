import { useEffect, useState } from 'react';

/** An element the phone's keyboard opens for (not a checkbox, a radio or a button). */
export function isTextEntry(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement) {
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color', 'hidden'].includes(element.type);
  }
  return element instanceof HTMLElement && element.isContentEditable;
}

/**
 * True while the user types in a field of the page itself (not of a dialog, whose overlay covers
 * the page anyway): the floating button then steps aside instead of covering the field.
 */
export function useTypingOnPage(enabled: boolean): boolean {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    if (!enabled) return undefined;
    const update = () => {
      const active = document.activeElement;
      setTyping(isTextEntry(active) && !active?.closest('[role="dialog"]'));
    };
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', update);
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', update);
      setTyping(false);
    };
  }, [enabled]);
  return enabled && typing;
}
