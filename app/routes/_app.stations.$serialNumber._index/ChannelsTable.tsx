// The station's channels, each linking to its channel details.
import { Anchor } from "#mantine/core/components/Anchor/Anchor.mjs";
import { Text } from "#mantine/core/components/Text/Text.mjs";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SettingsCard } from "~/components/stations/form-parts";
import type { ChannelRow } from "~/components/stations/views";
import {
  PlainTable,
  PlainTableScroll,
  PlainTbody,
  PlainTd,
  PlainTh,
  PlainThead,
  PlainTr,
} from "~/components/plain-table";

export function ChannelsTable({ serialNumber, channels }: { serialNumber: string; channels: ChannelRow[] }) {
  const { t } = useTranslation("stations");
  const yesNo = (value: boolean) => (value ? t("common.yes") : t("common.no"));
  return (
    <SettingsCard id="channels-title" title={t("channels.title")}>
      {channels.length === 0 ? (
        <Text c="dimmed">{t("channels.none")}</Text>
      ) : (
        <PlainTableScroll minWidth={560}>
          <PlainTable striped verticalSpacing="sm">
            <caption className="visually-hidden">{t("channels.caption")}</caption>
            <PlainThead>
              <PlainTr>
                <PlainTh scope="col">{t("channels.columns.channel")}</PlainTh>
                <PlainTh scope="col">{t("channels.columns.enabled")}</PlainTh>
                <PlainTh scope="col">{t("channels.columns.hidden")}</PlainTh>
                <PlainTh scope="col">{t("channels.columns.pin")}</PlainTh>
                <PlainTh scope="col">{t("channels.columns.audienceMic")}</PlainTh>
                <PlainTh scope="col">{t("channels.columns.listeners")}</PlainTh>
              </PlainTr>
            </PlainThead>
            <PlainTbody>
              {channels.map((channel) => (
                <PlainTr key={channel.index}>
                  <PlainTh scope="row" fw={400}>
                    <Anchor
                      component={Link}
                      to={`/stations/${encodeURIComponent(serialNumber)}/channels/${channel.index}`}
                    >
                      {t("channels.linkLabel", { index: channel.index, name: channel.name })}
                    </Anchor>
                  </PlainTh>
                  <PlainTd>{yesNo(channel.isEnabled)}</PlainTd>
                  <PlainTd>{yesNo(channel.isHidden)}</PlainTd>
                  <PlainTd>{channel.hasPin ? t("channels.pinSet") : t("channels.pinNone")}</PlainTd>
                  <PlainTd>{yesNo(channel.uplinkEnabled)}</PlainTd>
                  <PlainTd>{channel.listenerCount}</PlainTd>
                </PlainTr>
              ))}
            </PlainTbody>
          </PlainTable>
        </PlainTableScroll>
      )}
    </SettingsCard>
  );
}
