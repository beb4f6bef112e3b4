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
 * How long the floating button stays away once typing ends, counted from when no pointer is down:
 * the tap that ended the typing (a Save under the button's place) lands before the button is back.
 */
export const backAfterTypingMs = 400;

/**
 * True while the user types in a field of the page itself (not of a dialog, whose overlay covers
 * the page anyway): the floating button then steps aside instead of covering the field. It stays
 * true a moment after: a tap on Save ends the typing as the finger goes down (the field loses its
 * focus), and a button back at once under the finger took the tap meant for Save (issue 25, 390 px).
 */
export function useTypingOnPage(enabled: boolean): boolean {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    if (!enabled) return undefined;
    let pressed = false;
    let leaving: ReturnType<typeof setTimeout> | undefined;
    let ending = false;
    // Back after a pause with no pointer down; a press meanwhile waits for its release (or, should
    // the release never come to this page, a few seconds).
    const endLater = () => {
      ending = true;
      clearTimeout(leaving);
      leaving = setTimeout(
        () => {
          ending = false;
          setTyping(false);
        },
        pressed ? 3000 : backAfterTypingMs,
      );
    };
    const update = () => {
      const active = document.activeElement;
      if (isTextEntry(active) && !active?.closest('[role="dialog"]')) {
        ending = false;
        clearTimeout(leaving);
        setTyping(true);
      } else endLater();
    };
    const down = () => {
      pressed = true;
      if (ending) endLater();
    };
    const up = () => {
      pressed = false;
      if (ending) endLater();
    };
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', update);
    // Captured: a control that stops the event's propagation still counts as a press.
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('pointerup', up, true);
    document.addEventListener('pointercancel', up, true);
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', update);
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('pointerup', up, true);
      document.removeEventListener('pointercancel', up, true);
      clearTimeout(leaving);
      setTyping(false);
    };
  }, [enabled]);
  return enabled && typing;
}
