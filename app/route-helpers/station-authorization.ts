// The authorization intents, sent from the stations list and from an unauthorized station's page
// (their declarations: station-authorization.server.ts).
export const authorizationIntent = { accept: "accept", reject: "reject" } as const;
