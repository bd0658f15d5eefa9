// Registering Manager calls: the path comes from the shared managerPaths functions (so the
// console and the simulator cannot drift), and every call names the permission it needs.
import type { NextFunction, Request, Response, Router } from "express";
import { can, type PermissionAction } from "../../app/domain/permissions";
import type { Principal } from "../identity/verify";
import { problems } from "../problems";
import { sendAnswer, sendError } from "./http";

const marker = (name: string) => `PARAM${name}END`;

/** A path parameter for routePath: the builder is called with a marker that becomes `:name`. */
export function param(name: string): string {
  return marker(name);
}

/** An express route pattern from a managerPaths builder, e.g. routePath(managerPaths.station, param("serialNumber")). */
export function routePath(build: (...args: never[]) => string, ...args: unknown[]): string {
  return (build as (...values: unknown[]) => string)(...args).replace(/PARAM(\w+?)END/g, ":$1");
}

export interface ApiRequest {
  params: Record<string, string>;
  query: Request["query"];
  body: unknown;
  principal: Principal;
}

/** "signedIn": any valid token (the general settings every console page loads). */
export type Requirement = PermissionAction | "signedIn";

type Handler = (request: ApiRequest) => unknown;

export class ApiRoutes {
  constructor(private readonly router: Router) {}

  get(path: string, requirement: Requirement, handler: Handler) {
    this.router.get(path, this.wrap(requirement, handler));
  }

  put(path: string, requirement: Requirement, handler: Handler) {
    this.router.put(path, this.wrap(requirement, handler));
  }

  post(path: string, requirement: Requirement, handler: Handler) {
    this.router.post(path, this.wrap(requirement, handler));
  }

  delete(path: string, requirement: Requirement, handler: Handler) {
    this.router.delete(path, this.wrap(requirement, handler));
  }

  private wrap(requirement: Requirement, handler: Handler) {
    return (req: Request, res: Response, _next: NextFunction) => {
      const principal = res.locals.principal as Principal | undefined;
      const run = async () => {
        if (!principal) throw problems.unauthorized();
        if (requirement !== "signedIn" && !can(principal, requirement)) throw problems.forbidden(requirement);
        return handler({ params: req.params, query: req.query, body: req.body, principal });
      };
      run().then(
        (answer) => sendAnswer(res, answer),
        (error: unknown) => sendError(res, error),
      );
    };
  }
}
