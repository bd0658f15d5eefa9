// A webhook receiver for the alerts' tests (issue 36): an HTTP server on loopback that keeps every
// delivery it gets — its event, idempotency key, body and whether its signature verifies with the
// secret — and answers each with the next status of its list (200 once the list is used up).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { verifySignature } from "../../app/alerts/webhook.server";

export interface Received {
  event: string;
  idempotencyKey: string;
  deliveryId: string;
  body: string;
  json: {
    type: string;
    alert?: {
      id: string;
      kind: string;
      serialNumber: string;
      stationName: string | null;
      since: string;
      openedAt: string;
      resolvedAt: string | null;
    };
  };
  verified: boolean;
  answered: number;
}

export interface WebhookReceiver {
  url: string;
  received: Received[];
  /** The statuses the next deliveries get, in order. */
  answerWith(statuses: number[]): void;
  /** What it took (answered 2xx), once per idempotency key. */
  taken(): Received[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(secret: string): Promise<WebhookReceiver> {
  const received: Received[] = [];
  let statuses: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const answered = statuses.shift() ?? 200;
      const header = (name: string) => String(request.headers[name] ?? "");
      received.push({
        event: header("x-console-event"),
        idempotencyKey: header("idempotency-key"),
        deliveryId: header("x-console-delivery"),
        body,
        json: JSON.parse(body) as Received["json"],
        verified: verifySignature(secret, body, header("x-console-signature"), Math.floor(Date.now() / 1000)),
        answered,
      });
      response.writeHead(answered, { "content-type": "text/plain" }).end(answered < 300 ? "ok" : "try again");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/alerts`,
    received,
    answerWith(next) {
      statuses = [...next];
    },
    taken() {
      const seen = new Set<string>();
      return received.filter((delivery) => {
        if (delivery.answered >= 300 || seen.has(delivery.idempotencyKey)) return false;
        seen.add(delivery.idempotencyKey);
        return true;
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
