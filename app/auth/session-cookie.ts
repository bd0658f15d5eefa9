// The session cookie's name, on its own so the express layer in front of Remix can tell a
// request that carries a session from one that cannot (server/body-limits.ts) without loading
// the session store.
export const sessionCookieName = "__session";
