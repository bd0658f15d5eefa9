// The SignalR JSON protocol as the bridge relays it for a reduced scope (app/live/hub-scope.ts):
// records separated by 0x1E, a handshake first. Each record is parsed and rebuilt from what
// may pass; a record that cannot be parsed, a binary frame (MessagePack) and any message type
// the console does not use are dropped, never relayed as they came.
import { reducedArguments } from "../app/live/reduced-messages";
import type { HubName } from "../app/contract/hubs";

const recordSeparator = "\u001e";
/** An unterminated record longer than a WebSocket message may be is not a record. */
const maxPendingCharacters = 1024 * 1024;

const MessageType = { Invocation: 1, Ping: 6, Close: 7 } as const;

type Outcome = object | null | "end";

export interface FrameFilter {
  /** The text to pass on ("" for nothing), or "end" when the connection must be closed. */
  accept(data: Buffer, isBinary: boolean): string | "end";
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function recordFilter(transform: (message: unknown, isHandshake: boolean) => Outcome): FrameFilter {
  let pending = "";
  let handshakeDone = false;
  return {
    accept(data, isBinary) {
      if (isBinary) return "";
      const records = (pending + data.toString("utf8")).split(recordSeparator);
      pending = records.pop() ?? "";
      if (pending.length > maxPendingCharacters) return "end";
      let relayed = "";
      for (const record of records) {
        let message: unknown;
        try {
          message = JSON.parse(record);
        } catch {
          message = undefined;
        }
        const outcome = transform(message, !handshakeDone);
        handshakeDone = true;
        if (outcome === "end") return "end";
        if (outcome) relayed += JSON.stringify(outcome) + recordSeparator;
      }
      return relayed;
    },
  };
}

/** Manager → browser: the handshake answer, pings, closes and the allowed change messages, reduced. */
export function reducedFromManager(hub: HubName): FrameFilter {
  return recordFilter((message, isHandshake) => {
    if (!isObject(message)) return null;
    if (isHandshake)
      return typeof message.error === "string" ? { error: "The live-update hub refused the connection." } : {};
    switch (message.type) {
      case MessageType.Invocation: {
        if (typeof message.target !== "string") return null;
        const args = reducedArguments(hub, message.target, message.arguments);
        return args ? { type: MessageType.Invocation, target: message.target, arguments: args } : null;
      }
      case MessageType.Ping:
        return { type: MessageType.Ping };
      case MessageType.Close:
        return {
          type: MessageType.Close,
          ...(typeof message.error === "string" ? { error: "The live-update hub closed the connection." } : {}),
          ...(message.allowReconnect === true ? { allowReconnect: true } : {}),
        };
      default:
        return null;
    }
  });
}

/** Browser → Manager: the JSON protocol handshake, pings and closes; the console invokes nothing. */
export function reducedFromBrowser(): FrameFilter {
  return recordFilter((message, isHandshake) => {
    if (isHandshake) {
      return isObject(message) && message.protocol === "json" && message.version === 1
        ? { protocol: "json", version: 1 }
        : "end";
    }
    if (!isObject(message)) return null;
    if (message.type === MessageType.Ping) return { type: MessageType.Ping };
    if (message.type === MessageType.Close) return { type: MessageType.Close };
    return null;
  });
}
