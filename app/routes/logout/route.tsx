// Signs out on POST only: ends the server session, then the identity provider's, and comes back
// to /login (with the way back when given, e.g. from the 403 page's "try to log in again"). A
// GET — a link or a meta refresh on another site, a prefetch — only asks: a small page whose
// button posts the same form (docs/decisions/007-security.md, issues 11 and 25).
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getSignedInUser } from "~/auth/guard.server";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { safeRedirectPath } from "~/error-pages.server";
import { i18next } from "~/i18n/i18next.server";
import { readFormData } from "~/utils/form-data.server";
import { signOut } from "./sign-out.server";
import { Anchor } from "~/components/ui/anchor";
import { Button } from "~/components/ui/button";
import { Paper } from "~/components/ui/card";
import { Group } from "~/components/ui/group";
import { Center } from "~/components/ui/layout";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const redirectTo = form.get("redirectTo");
  return signOut(request, redirectTo ? safeRedirectPath(redirectTo) : null);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  // Nobody to sign out: the sign-in page is what such a visitor needs.
  if (!(await getSignedInUser(request))) {
    throw redirect(redirectTo === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo })}`);
  }
  const t = await i18next.getFixedT(request, "common");
  return { redirectTo, title: `${t("signOut.title")} · ${t("appName")}` };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Station Console" }];

export default function ConfirmSignOut() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md" component="main" id="main">
      <Paper withBorder shadow="sm" p="xl" maw={440} w="100%">
        <Stack>
          <Title order={1}>{t("signOut.title")}</Title>
          <Text>{t("signOut.question")}</Text>
          <Form method="post" action="/logout" reloadDocument>
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <Group justify="space-between">
              <Anchor href={redirectTo}>{t("signOut.cancel")}</Anchor>
              <Button type="submit" color="red">
                {t("signOut.confirm")}
              </Button>
            </Group>
          </Form>
        </Stack>
      </Paper>
    </Center>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary standalone />;
}
