import { randomBytes } from "node:crypto";
import type { HubName } from "../../app/contract/hubs";

export interface Negotiation {
  hub: HubName;
  connectionId: string;
  /** What the client puts in `?id=`; equal to the connection id under negotiate version 0. */
  connectionToken: string;
  /** Only the user who negotiated may open the socket. */
  subject: string;
  negotiatedAt: number;
  /** A socket is open (or opening) on it: a second one gets 409. */
  isClaimed: boolean;
}

/** Negotiated connections, from negotiate until their socket closes or they go unused too long. */
export class Negotiations {
  private readonly byToken = new Map<string, Negotiation>();

  constructor(private readonly unusedLifetimeMs: number) {}

  create(hub: HubName, subject: string, negotiateVersion: 0 | 1, now = Date.now()): Negotiation {
    const connectionId = randomId();
    const negotiation: Negotiation = {
      hub,
      connectionId,
      connectionToken: negotiateVersion === 1 ? randomId() : connectionId,
      subject,
      negotiatedAt: now,
      isClaimed: false,
    };
    this.byToken.set(negotiation.connectionToken, negotiation);
    return negotiation;
  }

  find(connectionToken: string): Negotiation | undefined {
    return this.byToken.get(connectionToken);
  }

  remove(connectionToken: string): void {
    this.byToken.delete(connectionToken);
  }

  /** Forgets negotiations whose socket never came, so their tokens stop working. */
  sweep(now = Date.now()): void {
    for (const [token, negotiation] of this.byToken) {
      if (!negotiation.isClaimed && now - negotiation.negotiatedAt > this.unusedLifetimeMs) this.byToken.delete(token);
    }
  }

  clear(): void {
    this.byToken.clear();
  }
}

// 16 random bytes in base64url, like ASP.NET Core's ids; safe in a query string unencoded.
function randomId(): string {
  return randomBytes(16).toString("base64url");
}
