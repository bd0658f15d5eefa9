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
