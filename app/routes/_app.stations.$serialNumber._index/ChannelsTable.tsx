// The station's channels, each linking to its channel details.
import { useTranslation } from "react-i18next";
import { SettingsCard } from "~/components/stations/form-parts";
import type { ChannelRow } from "~/components/stations/views";
import { LinkAnchor } from "~/components/ui/anchor";
import { Table, TableScroll } from "~/components/ui/table";
import { Text } from "~/components/ui/text";

const regularWeight = { fontWeight: 400 };

export function ChannelsTable({ serialNumber, channels }: { serialNumber: string; channels: ChannelRow[] }) {
  const { t } = useTranslation("stations");
  const yesNo = (value: boolean) => (value ? t("common.yes") : t("common.no"));
  return (
    <SettingsCard id="channels-title" title={t("channels.title")}>
      {channels.length === 0 ? (
        <Text dimmed>{t("channels.none")}</Text>
      ) : (
        <TableScroll minWidth={560}>
          <Table striped verticalSpacing="sm">
            <caption className="visually-hidden">{t("channels.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("channels.columns.channel")}</th>
                <th scope="col">{t("channels.columns.enabled")}</th>
                <th scope="col">{t("channels.columns.hidden")}</th>
                <th scope="col">{t("channels.columns.pin")}</th>
                <th scope="col">{t("channels.columns.audienceMic")}</th>
                <th scope="col">{t("channels.columns.listeners")}</th>
              </tr>
            </thead>
            <tbody>
              {channels.map((channel) => (
                <tr key={channel.index}>
                  <th scope="row" style={regularWeight}>
                    <LinkAnchor to={`/stations/${encodeURIComponent(serialNumber)}/channels/${channel.index}`}>
                      {t("channels.linkLabel", { index: channel.index, name: channel.name })}
                    </LinkAnchor>
                  </th>
                  <td>{yesNo(channel.isEnabled)}</td>
                  <td>{yesNo(channel.isHidden)}</td>
                  <td>{channel.hasPin ? t("channels.pinSet") : t("channels.pinNone")}</td>
                  <td>{yesNo(channel.uplinkEnabled)}</td>
                  <td>{channel.listenerCount}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
    </SettingsCard>
  );
}
