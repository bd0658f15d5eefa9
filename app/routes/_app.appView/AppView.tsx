// The App view for Owners and Admins: the channel order, the stations with their channels,
// the ungrouped channels and the phone preview (open by default, toggled by a link), with the
// channel and QR code overlays as URL state.
import { useLocation, useSearchParams } from "@remix-run/react";
import { IconDeviceMobile, IconPrinter } from "~/components/icons";
import { useTranslation } from "react-i18next";
import { ChannelOrder } from "./ChannelOrder";
import { ChannelOverlay, QrCodeOverlay } from "./Overlays";
import { StationsOverview, UngroupedChannels, type AppViewStationView } from "./StationsOverview";
import { appViewPaging, previewParam, readAppViewState } from "./url-state";
import type { AppViewChannel } from "./view.server";
import { PageNavigation } from "~/components/DataTable";
import { PhonePreview } from "~/components/PhonePreview";
import type { Page } from "~/utils/paging";
import { signsPath } from "~/domain/signs";
import { withSearchParams } from "~/utils/url";
import { LinkButton } from "~/components/ui/button";
import { rem } from "~/components/ui/box";
import { Group } from "~/components/ui/group";
import { Column, Columns } from "~/components/ui/layout";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";

export interface AppViewProps {
  canSort: boolean;
  order: Page<AppViewChannel>;
  stations: Page<AppViewStationView>;
  ungrouped: Page<AppViewChannel>;
  preview: {
    isCustomized: boolean;
    logo: string | null;
    backgroundColor: string;
    highlightColor: string;
    fontColor: "light" | "dark";
    channels: string[];
  };
}

/** Page links only when a list has more than one page. */
const stickyPreview = { position: "sticky", top: rem(80) } as const;

function PageList({ page, param, label }: { page: Page<unknown>; param: string; label: string }) {
  if (page.total <= page.pageSize) return null;
  return <PageNavigation page={page.page} pageSize={page.pageSize} total={page.total} label={label} param={param} />;
}

export function AppView({ canSort, order, stations, ungrouped, preview }: AppViewProps) {
  const { t } = useTranslation("moderation");
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const { previewOpen, channelId, qrChannelId } = readAppViewState(searchParams);
  // An overlay opens from a row on one of the pages shown.
  const shown = [...order.items, ...stations.items.flatMap((station) => station.channels), ...ungrouped.items];
  const overlayChannel = channelId ? shown.find((channel) => channel.id === channelId) : undefined;
  const qrChannel = qrChannelId ? shown.find((channel) => channel.id === qrChannelId) : undefined;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{t("appView.heading")}</Title>
          <Text>{t("appView.intro")}</Text>
        </Stack>
        <Group gap="sm" wrap="wrap" spaced>
          <LinkButton to={signsPath()} variant="default" leftSection={<IconPrinter size={16} aria-hidden="true" />}>
            {t("signs.open")}
          </LinkButton>
          <LinkButton
            to={withSearchParams(location, { [previewParam]: previewOpen ? "closed" : null })}
            preventScrollReset
            replace
            variant="default"
            leftSection={<IconDeviceMobile size={16} aria-hidden="true" />}
            aria-expanded={previewOpen}
            aria-controls="phone-preview-panel"
          >
            {previewOpen ? t("appView.preview.hide") : t("appView.preview.show")}
          </LinkButton>
        </Group>
      </Group>
      <Columns gutter="lg">
        <Column spanFromLg={previewOpen ? 7 : 12}>
          <Stack gap="lg">
            <ChannelOrder channels={order.items} total={order.total} canSort={canSort}>
              <PageList page={order} param={appViewPaging.order.param} label={t("appView.order.pages")} />
            </ChannelOrder>
            <StationsOverview stations={stations.items}>
              <PageList page={stations} param={appViewPaging.stations.param} label={t("appView.stations.pages")} />
            </StationsOverview>
            <UngroupedChannels channels={ungrouped.items}>
              <PageList page={ungrouped} param={appViewPaging.ungrouped.param} label={t("appView.ungrouped.pages")} />
            </UngroupedChannels>
          </Stack>
        </Column>
        {previewOpen ? (
          <Column spanFromLg={5}>
            <Stack
              gap="sm"
              component="section"
              aria-labelledby="preview-heading"
              id="phone-preview-panel"
              style={stickyPreview}
            >
              <Title order={2} size="h3" id="preview-heading">
                {t("appView.preview.heading")}
              </Title>
              <Text size="sm" dimmed>
                {preview.isCustomized ? t("appView.preview.customized") : t("appView.preview.default")}
              </Text>
              <PhonePreview
                logo={preview.logo}
                backgroundColor={preview.backgroundColor}
                highlightColor={preview.highlightColor}
                fontColor={preview.fontColor}
                channels={preview.channels}
              />
            </Stack>
          </Column>
        ) : null}
      </Columns>
      {overlayChannel ? <ChannelOverlay channel={overlayChannel} /> : null}
      {qrChannel ? <QrCodeOverlay channel={qrChannel} /> : null}
    </Stack>
  );
}
