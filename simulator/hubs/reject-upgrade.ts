import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";

/** Answers an upgrade request with a plain HTTP status, as a server refusing the WebSocket does. */
export function rejectUpgrade(socket: Duplex, status: number, headers: Record<string, string> = {}): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = STATUS_CODES[status] ?? "";
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}`,
    "Connection: close",
    "Content-Type: text/plain; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.end(`${lines.join("\r\n")}\r\n\r\n${body}`);
}
