import type { IncomingMessage, ServerResponse } from "node:http";
import type Provider from "oidc-provider";
import { errors, type Interaction } from "oidc-provider";
import { authenticateDemoAccount } from "./accounts";
import { createFailedSignIns, type FailedSignInOptions, type FailedSignIns } from "./failed-sign-ins";
import { pageHeaders, renderMessagePage } from "./html";
import { renderSignInPage, tooManyFailuresMessage, wrongCredentialsMessage } from "./sign-in-page";

const maximumFormBytes = 16 * 1024;

/**
 * The provider hands the browser to `/interaction/<uid>` whenever it needs the user: the
 * login prompt shows the sign-in form, the consent prompt is granted on the spot because
 * these are the console's own clients.
 */
export function createInteractionHandler(provider: Provider, failedSignInOptions?: FailedSignInOptions) {
  const failedSignIns = createFailedSignIns(failedSignInOptions);
  return async function handleInteraction(req: IncomingMessage, res: ServerResponse, uid: string): Promise<void> {
    let interaction: Interaction;
    try {
      interaction = await provider.interactionDetails(req, res);
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return sendExpired(res);
      throw error;
    }
    if (interaction.uid !== uid) return sendExpired(res);

    switch (interaction.prompt.name) {
      case "consent":
        return grantConsent(provider, interaction, req, res);
      case "login":
        return signIn(provider, interaction, req, res, failedSignIns);
      default:
        return sendPage(
          res,
          400,
          renderMessagePage({ title: "Sign-in problem", message: `Unsupported prompt ${interaction.prompt.name}.` }),
        );
    }
  };
}

async function signIn(
  provider: Provider,
  interaction: Interaction,
  req: IncomingMessage,
  res: ServerResponse,
  failedSignIns: FailedSignIns,
) {
  // The path the browser asked for, mount prefix included, so the form posts back to it.
  const action = new URL((req as { originalUrl?: string }).originalUrl ?? req.url ?? "/", "http://placeholder")
    .pathname;
  if (req.method === "GET" || req.method === "HEAD") return sendPage(res, 200, renderSignInPage({ action }));
  if (req.method !== "POST") {
    res.writeHead(405, { allow: "GET, POST" }).end();
    return;
  }

  const form = await readForm(req);
  if (!form)
    return sendPage(res, 413, renderMessagePage({ title: "Sign-in problem", message: "The form was too large." }));
  const username = form.get("username") ?? "";
  const wait = failedSignIns.waitFor(username);
  if (wait > 0) {
    // Checked before the password: during the pause a right guess must not be told apart.
    res.setHeader("retry-after", String(Math.ceil(wait / 1000)));
    return sendPage(res, 429, renderSignInPage({ action, username, error: tooManyFailuresMessage(wait) }));
  }
  const account = authenticateDemoAccount(username, form.get("password") ?? "");
  if (!account) {
    failedSignIns.recordFailure(username);
    return sendPage(res, 400, renderSignInPage({ action, username, error: wrongCredentialsMessage }));
  }
  failedSignIns.recordSuccess(username);

  await endPreviousSession(provider, interaction);
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: account.subject } },
    { mergeWithLastSubmission: false },
  );
}

/**
 * Every sign-in starts a new provider session. Were the browser's earlier session kept, a
 * different account signing in would make oidc-provider interpose its own sign-out step, a
 * page that needs JavaScript or a click on an unlabelled "Continue".
 */
async function endPreviousSession(provider: Provider, interaction: Interaction) {
  if (!interaction.session?.uid) return;
  const previous = await provider.Session.findByUid(interaction.session.uid);
  await previous?.destroy();
  interaction.session = undefined;
  await interaction.persist();
}

async function grantConsent(provider: Provider, interaction: Interaction, req: IncomingMessage, res: ServerResponse) {
  const { prompt, params, session, grantId } = interaction;
  const details = prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  const grant =
    (grantId ? await provider.Grant.find(grantId) : undefined) ??
    new provider.Grant({ accountId: session?.accountId, clientId: String(params.client_id) });
  if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(" "));
  if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
  for (const [resourceIndicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
    grant.addResourceScope(resourceIndicator, scopes.join(" "));
  }
  await provider.interactionFinished(
    req,
    res,
    { consent: { grantId: await grant.save() } },
    { mergeWithLastSubmission: true },
  );
}

function sendExpired(res: ServerResponse) {
  sendPage(
    res,
    400,
    renderMessagePage({
      title: "Sign-in expired",
      message: "This sign-in page is no longer valid. Return to the Station Console and sign in again.",
    }),
  );
}

function sendPage(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, pageHeaders).end(html);
}

/** The posted form, or null when it is larger than a sign-in form can be. */
async function readForm(req: IncomingMessage): Promise<URLSearchParams | null> {
  // An express body parser mounted in front of us may have read the stream already.
  const parsed = (req as { body?: unknown }).body;
  if (parsed && typeof parsed === "object") return new URLSearchParams(parsed as Record<string, string>);

  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maximumFormBytes) return null;
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}
