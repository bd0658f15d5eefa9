// Channel PIN (operations.md §5, administration.md §5): exactly 6 digits, or disabled.
export const pinLength = 6;

export function isValidPin(value: string): boolean {
  return new RegExp(`^\\d{${pinLength}}$`).test(value);
}

/** What the PIN boxes keep of typed or pasted text: digits only, at most 6. */
export function sanitizePinInput(text: string): string {
  return text.replace(/\D/g, "").slice(0, pinLength);
}

/** Channel lists show a missing PIN as null; the moderation update sends "". */
export const pinForChannelList = (pin: string | null | undefined) => (pin ? pin : null);
export const pinForModerationUpdate = (pin: string | null | undefined) => pin ?? "";

// ---------------------------------------------------------------------------------------------
// The 6-box PIN entry (administration.md §5): digits only, focus forward on a typed digit, back
// on left arrow or backspace; delete clears the box and keeps focus. Each rule answers the new
// boxes and the box to focus, so the component only applies them.
// ---------------------------------------------------------------------------------------------

export interface PinBoxes {
  digits: string[];
  focus: number;
}

export function pinDigitsOf(value: string | null | undefined): string[] {
  const digits = sanitizePinInput(value ?? "").split("");
  return Array.from({ length: pinLength }, (_, index) => digits[index] ?? "");
}

export function joinPinDigits(digits: readonly string[]): string {
  return digits.join("");
}

const lastBox = pinLength - 1;
const clampBox = (index: number) => Math.max(0, Math.min(lastBox, index));

/** Digits typed or pasted into a box fill it and the boxes after it; focus goes past the last one filled. */
export function fillPinBoxes(digits: readonly string[], index: number, text: string): PinBoxes {
  const typed = sanitizePinInput(text).slice(0, pinLength - index);
  if (typed === "") return { digits: [...digits], focus: index };
  const next = [...digits];
  typed.split("").forEach((digit, offset) => (next[index + offset] = digit));
  return { digits: next, focus: clampBox(index + typed.length) };
}

/**
 * A key pressed in a box. `null` leaves the key to the browser (Tab, shortcuts); anything else
 * is handled here, including non-digits, which are dropped.
 */
export function pinBoxKey(digits: readonly string[], index: number, key: string): PinBoxes | null {
  if (/^\d$/.test(key)) return fillPinBoxes(digits, index, key);
  const next = [...digits];
  switch (key) {
    case "Backspace": {
      const cleared = next[index] !== "" || index === 0 ? index : index - 1;
      next[cleared] = "";
      return { digits: next, focus: clampBox(index - 1) };
    }
    case "Delete":
      next[index] = "";
      return { digits: next, focus: index };
    case "ArrowLeft":
      return { digits: next, focus: clampBox(index - 1) };
    case "ArrowRight":
      return { digits: next, focus: clampBox(index + 1) };
    default:
      // A printable character that is not a digit is stripped; other keys are the browser's.
      return key.length === 1 ? { digits: next, focus: index } : null;
  }
}

/** What an input event left in a box (mobile keyboards, autofill): the new digits, or a cleared box. */
export function pinBoxInput(digits: readonly string[], index: number, value: string): PinBoxes {
  const typed = sanitizePinInput(value);
  if (typed === "") {
    const next = [...digits];
    next[index] = "";
    return { digits: next, focus: index };
  }
  // The box held a digit and the new one was typed beside it: keep the new one.
  const previous = digits[index] ?? "";
  const fresh = previous !== "" && typed.length > 1 && typed.startsWith(previous) ? typed.slice(1) : typed;
  return fillPinBoxes(digits, index, fresh);
}
