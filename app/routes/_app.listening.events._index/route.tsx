// /listening/events — named events of the listener history (issue 35, item 2): "start now" for a
// show that is beginning, the events newest first (each to its report), the bursts of listeners
// of the last week no event covers yet, and the form that names an event with its start, end and
// (optionally) stations or channels. Admins and Owners; each change is an audit record.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guard.server";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { EventForm } from "~/components/listening/EventForm";
import { LinkAnchor } from "~/components/ui/anchor";
import { Card } from "~/components/ui/card";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";
import { localText } from "~/domain/listening-ranges";
import { minuteMs } from "~/domain/listening-series";
import { i18next } from "~/i18n/i18next.server";
import { createEventForm, startNowForm } from "~/listening/event-forms";
import { listeningStore, readOrPage } from "~/listening/store.server";
import { replyFor, type FormReply } from "~/route-helpers/form-reply";
import { dispatchIntent } from "~/route-helpers/intents.server";
import { constraintsOf, intentTable } from "~/route-helpers/intent-table.server";
import type { ScreenHandle } from "~/utils/handle";
import { pageTitle } from "~/utils/meta";
import { newSubmissionId } from "~/utils/once-per-submission.server";
import { useStickyActionData } from "~/utils/use-sticky-action-data";
import { EventList } from "./EventList";
import { eventsPageSize } from "~/listening/page-sizes";
import { loadEvents } from "./events.server";
import { Proposals } from "./Proposals";
import { StartNowForm } from "./StartNowForm";

export const meta = pageTitle("listeningEvents");
export const handle = { titleKey: "listeningEvents" } satisfies ScreenHandle;
// The forms carry one-time submission ids: never from a cache.
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

/** A proposal's or a link's start and end for the form, as typed text (the form checks them). */
const prefilled = (search: URLSearchParams, name: string) => (search.get(name) ?? "").slice(0, 16);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "listening.show");
  const search = new URL(request.url).searchParams;
  const page = Math.max(1, Math.floor(Number(search.get("page")) || 1));
  const locale = await i18next.getLocale(request);
  const store = listeningStore();
  const now = Date.now();
  const listed = await readOrPage(() => loadEvents(store, { page, now, locale }));
  return {
    ...listed,
    page,
    constraints: await constraintsOf(createEventForm, startNowForm),
    submissionIds: { create: newSubmissionId(), startNow: newSubmissionId() },
    defaults: {
      title: (search.get("title") ?? "").slice(0, 200),
      startsAt: prefilled(search, "startsAt") || localText(Math.floor(now / minuteMs) * minuteMs),
      endsAt: prefilled(search, "endsAt"),
      scope: [],
    },
  };
}

// Built per request: the table's code is server-only (the browser build leaves this module out).
export const action = (args: ActionFunctionArgs) => dispatchIntent(args, intentTable(createEventForm, startNowForm));

export default function ListeningEvents() {
  const data = useLoaderData<typeof loader>();
  const reply = useStickyActionData<FormReply>();
  const { t } = useTranslation("listening");
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <LinkAnchor to="/listening" size="sm">
          {t("events.backToHistory")}
        </LinkAnchor>
        <Title order={1}>{t("events.heading")}</Title>
        <Text dimmed size="sm">
          {t("events.intro")}
        </Text>
      </Stack>
      <StartNowForm
        constraint={data.constraints.startEvent}
        lastResult={replyFor(reply, startNowForm.intent)}
        submissionId={data.submissionIds.startNow}
      />
      <EventList rows={data.events} total={data.total} page={data.page} pageSize={eventsPageSize} />
      <Proposals proposals={data.proposals} />
      <Card withBorder>
        <section aria-labelledby="name-event-heading">
          <Stack gap="sm">
            <Title order={2} size="h3" id="name-event-heading">
              {t("events.nameHeading")}
            </Title>
            <Text size="sm">{t("events.nameIntro")}</Text>
            <EventForm
              // A proposal chosen fills the form anew.
              key={`${data.defaults.startsAt}-${data.defaults.endsAt}`}
              id="name-event"
              intent={createEventForm.intent}
              form={createEventForm}
              constraint={data.constraints.createEvent}
              lastResult={replyFor(reply, createEventForm.intent)}
              defaults={data.defaults}
              stations={data.stations}
              submissionId={data.submissionIds.create}
              submitLabel={t("events.form.create")}
            />
          </Stack>
        </section>
      </Card>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
