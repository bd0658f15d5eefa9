// /login is the landing page (its sign-in button is a plain form) and the identity provider's
// redirect target (code + state, or an error code to handle as administration.md §4 says).
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Authenticator } from "remix-auth";
import { getSignedInUser } from "~/auth/guard.server";
import { getStrategy, type SignedIn } from "~/auth/identity.server";
import { commitSession, getSession, startSignedInSession, takeSignOutReturn } from "~/auth/session.server";
import { FlashMessage } from "~/components/FlashMessage";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { errorPage, safeRedirectPath } from "~/error-pages.server";
import { auditUserOf, recordEvent } from "~/audit/write-record.server";
import { observability } from "~/observability.server";
import { getRuntime } from "~/runtime.server";
import { pageTitle } from "~/utils/meta";
import { readFormData } from "~/utils/form-data.server";
import { Alert } from "~/components/ui/alert";
import { Anchor } from "~/components/ui/anchor";
import { Button } from "~/components/ui/button";
import { Paper } from "~/components/ui/card";
import { Center } from "~/components/ui/layout";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";

export const meta = pageTitle("login");

const sessionTarget = { kind: "session" } as const;
const refusedSignIn = (reason: string, detail: string) => ({ kind: "refused" as const, reason, detail });

/** Azure AD B2C answers with codes in error_description (administration.md §4). */
const identityErrorCodes = {
  passwordReset: "AADB2C90118",
  userCancelled: "AADB2C90091",
  redirectMismatch: "AADB2C90006",
} as const;

async function startSignIn(
  request: Request,
  flow: "signIn" | "passwordReset",
  extraHeaders: string[] = [],
): Promise<never> {
  let strategy;
  try {
    strategy = await getStrategy(request, flow);
  } catch (error) {
    // The identity provider's metadata cannot be reached (endpoints_resolution_error).
    observability().signInFailure("providerUnreachable", error instanceof Error ? error.message : String(error));
    throw errorPage("noConnection");
  }
  // A fresh URL without code/state makes the strategy start a new authorization.
  const start = new Request(new URL("/login", request.url), { headers: request.headers });
  try {
    await new Authenticator<SignedIn>().use(strategy, "console").authenticate("console", start);
  } catch (thrown) {
    if (thrown instanceof Response) {
      for (const cookie of extraHeaders) thrown.headers.append("Set-Cookie", cookie);
      throw thrown;
    }
    observability().signInFailure("providerUnreachable", thrown instanceof Error ? thrown.message : String(thrown));
    throw errorPage("noConnection");
  }
  throw errorPage("unexpected");
}

function stateCookieNames(request: Request) {
  return (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((part) => part.trim().split("=")[0] ?? "")
    .filter((name) => name.startsWith("oauth2"));
}

async function completeSignIn(request: Request) {
  const session = await getSession(request);
  let signedIn: SignedIn;
  try {
    const strategy = await getStrategy(request);
    signedIn = await new Authenticator<SignedIn>().use(strategy, "console").authenticate("console", request);
  } catch (error) {
    if (error instanceof Response) throw error;
    const detail = error instanceof Error ? `${error.message} (${String(error.cause ?? "")})` : String(error);
    observability().signInFailure("callback", detail);
    await recordEvent({
      user: null,
      action: "session.signIn",
      target: sessionTarget,
      outcome: refusedSignIn("callback", detail),
    });
    return { view: "callbackError" as const, redirectTo: safeRedirectPath(session.get("returnTo")) };
  }
  // Judged again: a session may hold a value stored before the rule was as strict as it is now.
  const returnTo = safeRedirectPath(session.get("returnTo"));
  const cookies = await startSignedInSession(request, session, signedIn);
  observability().signIn();
  await recordEvent({
    user: auditUserOf(signedIn.user),
    action: "session.signIn",
    target: sessionTarget,
    outcome: { kind: "done" },
  });
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  // The one-time state cookies of the authorization (one per tab: oauth2:<id>) have done their job.
  for (const name of stateCookieNames(request)) {
    headers.append("Set-Cookie", `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
  }
  throw redirect(returnTo, { headers });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const error = url.searchParams.get("error");
  if (error) {
    const description = url.searchParams.get("error_description") ?? "";
    if (description.includes(identityErrorCodes.passwordReset)) return startSignIn(request, "passwordReset");
    if (description.includes(identityErrorCodes.userCancelled)) return startSignIn(request, "signIn");
    if (description.includes(identityErrorCodes.redirectMismatch)) {
      observability().signInFailure("redirectMismatch");
      throw errorPage("redirectMismatch", { accountsUrl: getRuntime().config.accountsUrl ?? undefined });
    }
    observability().signInFailure("providerError", `${error} ${description}`);
    await recordEvent({
      user: null,
      action: "session.signIn",
      target: sessionTarget,
      outcome: refusedSignIn("providerError", `${error} ${description}`.trim()),
    });
    return { view: "callbackError" as const, redirectTo: "/" };
  }
  if (url.searchParams.has("code") && url.searchParams.has("state")) return completeSignIn(request);
  // Back from ending the identity provider's session (logout/sign-out.server.ts).
  const signOutState = url.searchParams.get("state");
  if (signOutState !== null) {
    const redirectTo = safeRedirectPath(await takeSignOutReturn(request, signOutState));
    return { view: "landing" as const, redirectTo };
  }

  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  if (await getSignedInUser(request)) throw redirect(redirectTo);
  return { view: "landing" as const, redirectTo };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const session = await getSession(request);
  session.set("returnTo", safeRedirectPath(form.get("redirectTo")));
  return startSignIn(request, "signIn", [await commitSession(request, session)]);
}

export default function Login() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const navigation = useNavigation();

  useEffect(() => {
    if (data.view !== "callbackError") return;
    // Spec: after 2.5 s the callback's query is dropped and the page reloads.
    const timer = setTimeout(
      () => window.location.replace(`/login?${new URLSearchParams({ redirectTo: data.redirectTo })}`),
      2500,
    );
    return () => clearTimeout(timer);
  }, [data]);

  return (
    <Center mih="100vh" p="md" component="main" id="main">
      <Paper withBorder shadow="sm" p="xl" maw={440} w="100%">
        <Stack>
          <Title order={1}>{t("login.heading")}</Title>
          <FlashMessage />
          {data.view === "callbackError" ? (
            <Alert color="red" role="alert">
              {t("errors.authCallbackError")}{" "}
              <Anchor href={`/login?${new URLSearchParams({ redirectTo: data.redirectTo })}`}>
                {t("errors.reload")}
              </Anchor>
            </Alert>
          ) : null}
          <Text>{t("login.intro")}</Text>
          {data.redirectTo !== "/" ? (
            <Text size="sm" dimmed>
              {t("login.returnNotice", { path: data.redirectTo })}
            </Text>
          ) : null}
          <Form method="post" action="/login" reloadDocument>
            <input type="hidden" name="redirectTo" value={data.redirectTo} />
            <Button type="submit" fullWidth size="md" loading={navigation.state === "submitting"}>
              {t("login.openLogin")}
            </Button>
          </Form>
        </Stack>
      </Paper>
    </Center>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary standalone />;
}
