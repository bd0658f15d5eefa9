// The console's server as a client of one of the Manager's hubs, with the official SignalR client
// (WebSockets only, the token in the Authorization header as the Node client sends it). It says
// when pushes flow (connected, and again after every reconnect: whatever came in between was
// missed) and when they may not (interrupted), and gives up after its retries: then it is closed.
import type { HubConnection } from "@microsoft/signalr";
import { hubPaths, type HubName } from "~/contract/hubs";
import { consoleJobHeader } from "~/contract/values";

/** Retries after a dropped connection, then the subscription closes (its owner may start again). */
const reconnectDelaysMs = [0, 1000, 2000, 5000, 10_000];

export interface HubSubscriptionEvents {
  /** An invocation the hub pushed. */
  message(target: string, args: unknown[]): void;
  /** Pushes flow from now on (a start or a reconnect): what came before must be read again. */
  connected(): void;
  /** The connection dropped: pushes are missed until `connected` again. */
  interrupted(): void;
  /** Gave up, or stopped: nothing more comes. */
  closed(error?: Error): void;
}

export interface HubSubscription {
  stop(): Promise<void>;
}

export async function subscribeToHub(options: {
  managerUrl: string;
  hub: HubName;
  /** The copy's name, sent in the console-copy header. */
  copy: string;
  targets: readonly string[];
  /** Asked at every (re)connect: a token the Manager accepts now. */
  accessToken(): Promise<string>;
  events: HubSubscriptionEvents;
}): Promise<HubSubscription> {
  // Loaded with the first copy: a console whose App view nobody opens never loads the client.
  const signalR = await import("@microsoft/signalr");
  const connection: HubConnection = new signalR.HubConnectionBuilder()
    .withUrl(`${options.managerUrl}${hubPaths[options.hub]}`, {
      transport: signalR.HttpTransportType.WebSockets,
      accessTokenFactory: options.accessToken,
      headers: { [consoleJobHeader]: `${options.copy}-copy` },
    })
    .withAutomaticReconnect(reconnectDelaysMs)
    .configureLogging(signalR.LogLevel.None)
    .build();
  const { events } = options;
  for (const target of options.targets) {
    // A handler must not return a value (STACK.md).
    connection.on(target, (...args: unknown[]) => {
      events.message(target, args);
    });
  }
  connection.onreconnecting(() => events.interrupted());
  connection.onreconnected(() => events.connected());
  connection.onclose((error) => events.closed(error));
  await connection.start();
  events.connected();
  return { stop: () => connection.stop() };
}
