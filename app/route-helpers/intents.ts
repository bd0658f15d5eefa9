// A screen's intents: the values its forms send as `intent` (a button's value or a hidden field),
// one typed constant per screen, so the button, the action's table and the reply share one name.

/** `defineIntents("rename", "reboot")` → `{ rename: "rename", reboot: "reboot" }`, typed. */
export function defineIntents<const Names extends readonly string[]>(
  ...names: Names
): { readonly [Name in Names[number]]: Name } {
  return Object.fromEntries(names.map((name) => [name, name])) as { readonly [Name in Names[number]]: Name };
}

/** The union of a screen's intent names. */
export type IntentOf<Intents extends Record<string, string>> = Intents[keyof Intents];
