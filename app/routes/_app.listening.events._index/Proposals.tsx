// Bursts of listeners in the last week that no event covers: each a link that fills the form
// below with its start and end (the title is the admin's to give).
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";
import { withSearchParams } from "~/utils/url";
import type { ProposalRow } from "./events.server";

export function Proposals({ proposals }: { proposals: ProposalRow[] }) {
  const { t } = useTranslation("listening");
  const location = useLocation();
  if (proposals.length === 0) return null;
  return (
    <section aria-labelledby="proposals-title">
      <Stack gap="xs">
        <Title order={2} size="h3" id="proposals-title">
          {t("events.proposals.heading")}
        </Title>
        <Text size="sm">{t("events.proposals.intro")}</Text>
        <ul className="listening-list">
          {proposals.map((proposal) => (
            <li key={proposal.startsAt}>
              {t("events.proposals.burst", {
                from: proposal.startsText,
                to: proposal.endsText,
                listeners: proposal.peakText,
              })}{" "}
              <Link
                to={`${withSearchParams(location, { startsAt: proposal.startsAt, endsAt: proposal.endsAt, page: null })}#name-event-heading`}
                preventScrollReset
              >
                {t("events.proposals.name")}
              </Link>
            </li>
          ))}
        </ul>
      </Stack>
    </section>
  );
}
