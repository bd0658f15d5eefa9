// Every Manager call needs a bearer access token from the identity provider, verified for
// signature, issuer, audience and expiry. A missing token answers `Bearer`; a bad or expired
// one `Bearer error="invalid_token"`, which the console reads as an expired session (spec §8).
import type { NextFunction, Request, Response } from "express";
import { InvalidTokenError, type Principal } from "../identity/verify";
import type { FaultInjection } from "../faults";
import { problems } from "../problems";
import { sendError, sendProblem } from "./http";

export type VerifyAccessToken = (token: string) => Promise<Principal>;

export function bearerTokenOf(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1] ?? null;
}

function invalidToken(res: Response, description: string) {
  const escaped = description.replaceAll('"', "'");
  sendProblem(res, problems.unauthorized().problem, {
    "WWW-Authenticate": `Bearer error="invalid_token", error_description="${escaped}"`,
  });
}

export function requireAccessToken(verify: VerifyAccessToken, faults: FaultInjection) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (faults.current.invalidToken) {
      invalidToken(res, "the access token is not valid");
      return;
    }
    const token = bearerTokenOf(req.headers.authorization);
    if (!token) {
      sendProblem(res, problems.unauthorized().problem, { "WWW-Authenticate": "Bearer" });
      return;
    }
    verify(token).then(
      (principal) => {
        res.locals.principal = principal;
        next();
      },
      (error: unknown) => {
        if (error instanceof InvalidTokenError) invalidToken(res, error.message);
        else sendError(res, error);
      },
    );
  };
}

/** The hubs take the same tokens; null refuses the connection (401). */
export function hubAuthenticator(verify: VerifyAccessToken, faults: FaultInjection) {
  return async (token: string | null): Promise<Principal | null> => {
    if (!token || faults.current.invalidToken) return null;
    try {
      return await verify(token);
    } catch (error) {
      if (error instanceof InvalidTokenError) return null;
      throw error;
    }
  };
}
