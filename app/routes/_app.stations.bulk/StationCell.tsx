// A station in the bulk tables: its name linked to its page, and its serial number under it.
import { Link } from "@remix-run/react";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";

export function StationCell({ serialNumber, name }: { serialNumber: string; name: string | null }) {
  return (
    <Stack gap={0}>
      <Link to={`/stations/${encodeURIComponent(serialNumber)}`}>{name ?? serialNumber}</Link>
      {name ? (
        <Text size="xs" dimmed>
          {serialNumber}
        </Text>
      ) : null}
    </Stack>
  );
}
