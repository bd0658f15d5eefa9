// The Manager's HTTP surface on one express app: test controls (when on), hub negotiation, then
// the REST API behind injected faults, the bearer-token check and body parsing. Anything else
// is a problem+json 404.
import express, { type NextFunction, type Request, type Response } from "express";
import { configurationApi, managerPaths, updaterApi } from "../../app/contract/paths";
import { consoleJobHeader } from "../../app/contract/values";
import type { FaultInjection } from "../faults";
import { problems } from "../problems";
import type { Simulation } from "../simulation";
import { appCustomizationRoutes } from "./app-customization";
import { appViewRoutes } from "./app-view";
import { requireAccessToken, type VerifyAccessToken } from "./authentication";
import { authorizationRoutes } from "./authorization";
import { channelRoutes } from "./channels";
import { firmwareRoutes } from "./firmware";
import { sendError, sendProblem } from "./http";
import { moderationRoutes } from "./moderation";
import { ApiRoutes } from "./routes";
import { settingsRoutes } from "./settings";
import { stationRoutes } from "./stations";
import { statisticsRoutes } from "./statistics";
import { systemEventRoutes } from "./system-events";
import { tokenRoutes } from "./tokens";

/** Logos and onboarding pictures travel as data: URLs; everything else is small. */
export const customizationBodyLimit = "5mb";
export const bodyLimit = "100kb";

export interface ManagerAppOptions {
  simulation: Simulation;
  verify: VerifyAccessToken;
  hubRouter: express.Router;
  controls: express.Router | null;
  controlsPath: string;
}

function injectFaults(faults: FaultInjection) {
  return (req: Request, res: Response, next: NextFunction) => {
    const { latencyMs, filesWithoutName } = faults.current;
    // Read by Reply.send (http.ts) when this call answers a file.
    res.locals.filesWithoutName = filesWithoutName;
    const isJob = req.get(consoleJobHeader) !== undefined;
    const proceed = () => {
      if (faults.takeServerError(req.path, req.method, isJob))
        sendProblem(res, problems.serverError("Injected server error.").problem);
      else next();
    };
    if (latencyMs <= 0) return proceed();
    if (isJob) {
      faults.heldJobRequests += 1;
      faults.mostHeldJobRequests = Math.max(faults.mostHeldJobRequests, faults.heldJobRequests);
    } else {
      faults.heldRequests += 1;
      faults.mostHeldRequests = Math.max(faults.mostHeldRequests, faults.heldRequests);
    }
    setTimeout(() => {
      if (isJob) faults.heldJobRequests -= 1;
      else faults.heldRequests -= 1;
      proceed();
    }, latencyMs);
  };
}

/** body-parser's failures (too large, not JSON) as problem details. */
function bodyErrors(error: unknown, _req: Request, res: Response, next: NextFunction) {
  if (res.headersSent) return next(error);
  const failure = error as { type?: string; status?: number; limit?: number };
  if (failure.type === "entity.too.large") return sendError(res, problems.payloadTooLarge(String(failure.limit)));
  if (failure.type === "entity.parse.failed")
    return sendError(res, problems.badRequest("The request body is not valid JSON."));
  if (typeof failure.status === "number" && failure.status >= 400 && failure.status < 500) {
    return sendError(res, problems.badRequest("The request body cannot be read."));
  }
  return sendError(res, error);
}

export function createManagerApp(options: ManagerAppOptions): express.Express {
  const { simulation } = options;
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);

  if (options.controls) app.use(options.controlsPath, options.controls);
  app.use((req, _res, next) => {
    if (simulation.faults.current.down) req.socket.destroy();
    else next();
  });
  app.use(options.hubRouter);

  const apiPrefixes = [configurationApi, updaterApi];
  app.use(apiPrefixes, injectFaults(simulation.faults), requireAccessToken(options.verify, simulation.faults));
  app.use(managerPaths.appCustomization(), express.json({ limit: customizationBodyLimit }));
  app.use(apiPrefixes, express.json({ limit: bodyLimit }));

  const router = express.Router();
  const api = new ApiRoutes(router);
  settingsRoutes(api, simulation);
  stationRoutes(api, simulation);
  authorizationRoutes(api, simulation);
  channelRoutes(api, simulation);
  appViewRoutes(api, simulation);
  moderationRoutes(api, simulation);
  statisticsRoutes(api, simulation);
  systemEventRoutes(api, simulation);
  appCustomizationRoutes(api, simulation);
  tokenRoutes(api, simulation);
  firmwareRoutes(api, simulation);
  app.use(router);

  app.use((req: Request, res: Response) => sendError(res, problems.routeNotFound(req.method, req.path)));
  app.use(bodyErrors);
  return app;
}
