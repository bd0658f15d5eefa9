// The spec's error pages (code, title, subtitle, message, action), rendered from what a loader
// or action threw. Every action is a link or a form: they work without JavaScript.
import { Form, isRouteErrorResponse, useLocation, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  errorPageStatus,
  errorPageTextKeys as textKeys,
  isErrorPagePayload,
  type ErrorPagePayload,
} from "~/error-pages";
import { AnchorButton, Button } from "~/components/ui/button";
import { Paper } from "~/components/ui/card";
import { Code } from "~/components/ui/code";
import { Center, Container } from "~/components/ui/layout";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";

function ErrorAction({ payload }: { payload: ErrorPagePayload }) {
  const { t } = useTranslation();
  const location = useLocation();
  const label = t(`${textKeys[payload.errorPage]}.action`);
  switch (payload.errorPage) {
    case "forbidden":
    case "expiredSession":
    case "unauthorized":
      // Signs out, then back to /login?redirectTo=<this page>.
      return (
        <Form method="post" action="/logout" reloadDocument>
          <input
            type="hidden"
            name="redirectTo"
            value={payload.redirectTo ?? `${location.pathname}${location.search}`}
          />
          <Button type="submit">{label}</Button>
        </Form>
      );
    case "notFound":
    case "channelNotFound":
    case "stationNotFound":
      return <AnchorButton href="/stations">{label}</AnchorButton>;
    case "redirectMismatch":
      return payload.accountsUrl ? (
        <AnchorButton href={payload.accountsUrl} rel="noreferrer">
          {label}
        </AnchorButton>
      ) : null;
    default:
      // A plain link to this same URL reloads it, also without JavaScript.
      return <AnchorButton href={`${location.pathname}${location.search}`}>{label}</AnchorButton>;
  }
}

export function ErrorPage({ payload }: { payload: ErrorPagePayload }) {
  const { t } = useTranslation();
  const key = textKeys[payload.errorPage];
  return (
    <Center py="xl" data-error-page={payload.errorPage}>
      <Paper withBorder p="xl" maw={560} w="100%">
        <Stack gap="sm" align="flex-start">
          <Text fw={700} dimmed>
            {t("errors.errorCode", { code: errorPageStatus[payload.errorPage] })}
          </Text>
          <Title order={1}>{t(`${key}.title`)}</Title>
          <Text size="lg" fw={600}>
            {t(`${key}.subtitle`)}
          </Text>
          <Text>{t(`${key}.message`)}</Text>
          {payload.detail ? (
            <Text size="sm" dimmed>
              {t("errors.technicalDetail", { detail: "" })}
              <Code>{payload.detail}</Code>
            </Text>
          ) : null}
          {payload.reference ? (
            <Text size="sm" dimmed data-reference={payload.reference}>
              {t("errors.reference", { reference: "" })}
              <Code>{payload.reference}</Code>
            </Text>
          ) : null}
          <ErrorAction payload={payload} />
        </Stack>
      </Paper>
    </Center>
  );
}

/** What the thrown value means as an error page. */
export function errorPagePayload(error: unknown): ErrorPagePayload {
  if (isRouteErrorResponse(error)) {
    if (isErrorPagePayload(error.data)) return error.data;
    if (error.status === 404) return { errorPage: "notFound" };
    if (error.status === 403) return { errorPage: "forbidden" };
    if (error.status === 400) return { errorPage: "badRequest" };
  }
  return { errorPage: "unexpected" };
}

/** For ErrorBoundary exports; `standalone` when no shell is around it (root, sign-in). */
export function RouteErrorBoundary({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  // An error page thrown by a loader carries its request's reference; anything else (an
  // unexpected error, Remix's own 404/405) falls back to the document request's, which the root
  // loader passes on.
  const root = useRouteLoaderData("root") as { requestId?: string | null } | undefined;
  const thrown = errorPagePayload(error);
  const reference = thrown.reference ?? root?.requestId ?? undefined;
  const payload = reference ? { ...thrown, reference } : thrown;
  const page = <ErrorPage payload={payload} />;
  return standalone ? (
    <Container component="main" id="main" py="xl">
      {page}
    </Container>
  ) : (
    page
  );
}
