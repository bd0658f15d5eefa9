// A Mantine Group whose items are separated by spaces in the HTML. A flex row ignores them, but
// text browsers (w3m, lynx) show the items inline and would otherwise run adjacent links and
// buttons into one word ("GeneralNetworkLogFirmware", "CancelAccept").
import type { GroupProps } from "@mantine/core";
import { Group } from "#mantine/core/components/Group/Group.mjs";
import { Children, type ReactNode } from "react";

export function SpacedGroup({ children, ...props }: GroupProps & { children: ReactNode }) {
  const items = Children.toArray(children);
  return <Group {...props}>{items.flatMap((item, index) => (index === 0 ? [item] : [" ", item]))}</Group>;
}
