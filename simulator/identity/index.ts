export { demoAccounts, type DemoAccount } from "./accounts";
export { createIdentityProvider, type IdentityProvider, type IdentityProviderOptions } from "./provider";
export { listenIdentityProvider } from "./listen";
export { createAccessTokenVerifier, InvalidTokenError, normalizeRoles, type Principal } from "./verify";
