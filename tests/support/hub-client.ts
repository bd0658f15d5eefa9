// The official SignalR client, in Node, on one of the simulator's hubs: records every message.
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from "@microsoft/signalr";
import { hubPaths, type HubName } from "../../app/contract/hubs";

export interface RecordedMessage {
  target: string;
  args: unknown[];
}

export interface HubListener {
  connection: HubConnection;
  messages: RecordedMessage[];
  /**
   * The first message, recorded or still to come, that matches: waits for the hub's push
   * rather than polling. Fails after timeoutMs naming what it waited for.
   */
  waitFor(matches: (message: RecordedMessage) => boolean, timeoutMs?: number): Promise<RecordedMessage>;
  stop(): Promise<void>;
}

export async function listenToHub(
  managerUrl: string,
  hub: HubName,
  targets: readonly string[],
  accessToken: () => Promise<string>,
): Promise<HubListener> {
  const connection = new HubConnectionBuilder()
    .withUrl(`${managerUrl}${hubPaths[hub]}`, {
      accessTokenFactory: accessToken,
      transport: HttpTransportType.WebSockets,
      skipNegotiation: false,
    })
    .withAutomaticReconnect([0, 100, 500, 1000])
    .configureLogging(LogLevel.None)
    .build();
  const messages: RecordedMessage[] = [];
  const waiting = new Set<(message: RecordedMessage) => void>();
  for (const target of targets) {
    connection.on(target, (...args: unknown[]) => {
      const message = { target, args };
      messages.push(message);
      for (const notify of [...waiting]) notify(message);
    });
  }
  await connection.start();
  const waitFor = (matches: (message: RecordedMessage) => boolean, timeoutMs = 10_000) => {
    const recorded = messages.find(matches);
    if (recorded) return Promise.resolve(recorded);
    return new Promise<RecordedMessage>((resolve, reject) => {
      const notify = (message: RecordedMessage) => {
        if (!matches(message)) return;
        clearTimeout(timer);
        waiting.delete(notify);
        resolve(message);
      };
      const timer = setTimeout(() => {
        waiting.delete(notify);
        reject(new Error(`no matching ${hub} message within ${timeoutMs} ms (${messages.length} received)`));
      }, timeoutMs);
      waiting.add(notify);
    });
  };
  return { connection, messages, waitFor, stop: () => connection.stop() };
}
