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
  for (const target of targets) {
    connection.on(target, (...args: unknown[]) => {
      messages.push({ target, args });
    });
  }
  await connection.start();
  return { connection, messages, stop: () => connection.stop() };
}
