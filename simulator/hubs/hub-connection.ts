import type { RawData, WebSocket } from "ws";
import type { HubName } from "../../app/contract/hubs";
import { frame, handshakeError, MessageType, parseMessage, pingFrame, splitRecords, type HubMessage } from "./protocol";

/**
 * One client on one hub: the handshake first, then hub messages. The console only listens,
 * so client invocations are answered as unknown methods, the way an ASP.NET Core hub does.
 */
export class HubConnection {
  isHandshaken = false;
  lastReceivedAt = Date.now();
  readonly openedAt = Date.now();
  private received = "";

  constructor(
    readonly hub: HubName,
    readonly connectionId: string,
    readonly socket: WebSocket,
    /** A console's background job (consoleJobHeader), not a page a person has open. */
    readonly isJob = false,
  ) {
    socket.on("message", (data, isBinary) => this.receive(data, isBinary));
    // Protocol errors end the socket, whose close event does the clean-up.
    socket.on("error", () => {});
  }

  /** Sends a message once the handshake is done; messages before it would break the client. */
  send(message: HubMessage): void {
    this.sendFrame(frame(message));
  }

  sendFrame(text: string): void {
    if (this.isHandshaken && this.socket.readyState === this.socket.OPEN) this.socket.send(text);
  }

  ping(): void {
    this.sendFrame(pingFrame);
  }

  /** A Close message, then the socket's close; the client decides on reconnecting from allowReconnect. */
  close(options: { allowReconnect?: boolean; error?: string } = {}): void {
    this.send({
      type: MessageType.Close,
      ...(options.error === undefined ? {} : { error: options.error }),
      ...(options.allowReconnect ? { allowReconnect: true } : {}),
    });
    this.socket.close(1000);
  }

  private receive(data: RawData, isBinary: boolean) {
    this.lastReceivedAt = Date.now();
    const text = (
      Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data)
    ).toString("utf8");
    const { records, rest } = splitRecords(this.received + text);
    this.received = rest;
    for (const record of records) {
      if (this.socket.readyState !== this.socket.OPEN) return;
      if (this.isHandshaken) this.handleMessage(record);
      else this.handleHandshake(record, isBinary);
    }
  }

  private handleHandshake(record: string, isBinary: boolean) {
    const error = isBinary ? "The handshake must be sent as text." : handshakeError(record);
    if (error) {
      this.socket.send(frame({ error }));
      this.socket.close(1002);
      return;
    }
    this.socket.send(frame({}));
    this.isHandshaken = true;
  }

  private handleMessage(record: string) {
    const message = parseMessage(record);
    if (!message) {
      this.close({ error: "Connection closed with an error. The message is not a valid hub message." });
      return;
    }
    switch (message.type) {
      case MessageType.Invocation:
      case MessageType.StreamInvocation:
        // Without an invocation id the client expects no answer.
        if (typeof message.invocationId === "string") {
          this.send({
            type: MessageType.Completion,
            invocationId: message.invocationId,
            error: `Unknown hub method '${String(message.target)}'`,
          });
        }
        return;
      case MessageType.Close:
        this.socket.close(1000);
        return;
      default:
        // Pings only prove the client is alive; stream items, completions, cancellations and
        // stateful-reconnect acks have nothing to act on in a hub without methods.
        return;
    }
  }
}
