// The station's channels, each linking to its channel details.
import { Anchor } from "#mantine/core/components/Anchor/Anchor.mjs";
import { Table } from "#mantine/core/components/Table/Table.mjs";
import { Text } from "#mantine/core/components/Text/Text.mjs";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SettingsCard } from "~/components/stations/form-parts";
import type { ChannelRow } from "~/components/stations/views";

export function ChannelsTable({ serialNumber, channels }: { serialNumber: string; channels: ChannelRow[] }) {
  const { t } = useTranslation("stations");
  const yesNo = (value: boolean) => (value ? t("common.yes") : t("common.no"));
  return (
    <SettingsCard id="channels-title" title={t("channels.title")}>
      {channels.length === 0 ? (
        <Text c="dimmed">{t("channels.none")}</Text>
      ) : (
        <Table.ScrollContainer type="native" minWidth={560}>
          <Table striped verticalSpacing="sm">
            <caption className="visually-hidden">{t("channels.caption")}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("channels.columns.channel")}</Table.Th>
                <Table.Th scope="col">{t("channels.columns.enabled")}</Table.Th>
                <Table.Th scope="col">{t("channels.columns.hidden")}</Table.Th>
                <Table.Th scope="col">{t("channels.columns.pin")}</Table.Th>
                <Table.Th scope="col">{t("channels.columns.audienceMic")}</Table.Th>
                <Table.Th scope="col">{t("channels.columns.listeners")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {channels.map((channel) => (
                <Table.Tr key={channel.index}>
                  <Table.Th scope="row" fw={400}>
                    <Anchor
                      component={Link}
                      to={`/stations/${encodeURIComponent(serialNumber)}/channels/${channel.index}`}
                    >
                      {t("channels.linkLabel", { index: channel.index, name: channel.name })}
                    </Anchor>
                  </Table.Th>
                  <Table.Td>{yesNo(channel.isEnabled)}</Table.Td>
                  <Table.Td>{yesNo(channel.isHidden)}</Table.Td>
                  <Table.Td>{channel.hasPin ? t("channels.pinSet") : t("channels.pinNone")}</Table.Td>
                  <Table.Td>{yesNo(channel.uplinkEnabled)}</Table.Td>
                  <Table.Td>{channel.listenerCount}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SettingsCard>
  );
}
