export { createHubServer, type HubServer, type HubServerOptions } from "./server";
