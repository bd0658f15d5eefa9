// The SignalR JSON hub protocol, version 1, as the official clients speak it: JSON messages,
// each terminated by the record separator 0x1E, after a handshake in the same framing.

export const recordSeparator = "\u001e";

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

export type HubMessage =
  | { type: typeof MessageType.Invocation; target: string; arguments: unknown[]; invocationId?: string }
  | { type: typeof MessageType.Completion; invocationId: string; error?: string; result?: unknown }
  | { type: typeof MessageType.Ping }
  | { type: typeof MessageType.Close; error?: string; allowReconnect?: boolean };

export function frame(message: object): string {
  return JSON.stringify(message) + recordSeparator;
}

export const pingFrame = frame({ type: MessageType.Ping });

/** Complete records from the text received so far, and the unterminated rest to keep for the next frame. */
export function splitRecords(text: string): { records: string[]; rest: string } {
  const parts = text.split(recordSeparator);
  const rest = parts.pop() ?? "";
  return { records: parts, rest };
}

/** The error to answer a handshake request with, or undefined when it is the JSON protocol v1. */
export function handshakeError(record: string): string | undefined {
  let request: unknown;
  try {
    request = JSON.parse(record);
  } catch {
    return "Handshake request is not valid JSON.";
  }
  if (typeof request !== "object" || request === null) return "Handshake request is not a JSON object.";
  const { protocol, version } = request as { protocol?: unknown; version?: unknown };
  if (typeof protocol !== "string" || typeof version !== "number") {
    return "Handshake request must name a protocol and a version.";
  }
  if (protocol !== "json") return `The protocol '${protocol}' is not supported.`;
  if (version !== 1) return `The server does not support version ${version} of the 'json' protocol.`;
  return undefined;
}

/** A received record as a message with a numeric type, or undefined when it is not one. */
export function parseMessage(record: string): ({ type: number } & Record<string, unknown>) | undefined {
  try {
    const message: unknown = JSON.parse(record);
    if (typeof message === "object" && message !== null && typeof (message as { type?: unknown }).type === "number") {
      return message as { type: number } & Record<string, unknown>;
    }
  } catch {
    // Reported by the caller as an invalid message.
  }
  return undefined;
}
