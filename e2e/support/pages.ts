// The pages of the page walk (e2e/support/page-walk/table.ts): the screens a kiosk walk visits,
// in every state the default fleet shows, and the lists its checks take from them.

/** The report of the console's first event (an event's id is its number; the walk names it if need be). */
export const firstEventReport = "/listening/events/1";
export const adminPages = [
  "/dashboard",
  "/stations",
  "/stations?confirm=clearRejected",
  "/stations?confirm=accept&station=MCS-0047",
  "/stations?confirm=reject&station=MCS-0047",
  "/stations/bulk?action=reboot",
  "/stations/MCS-0042",
  "/stations/MCS-0042?confirm=reboot",
  "/stations/MCS-0042?confirm=factoryReset",
  "/stations/MCS-0042?confirm=remove",
  "/stations/MCS-0042/network",
  "/stations/MCS-0042/log",
  "/stations/MCS-0042/firmware",
  "/stations/MCS-0042/channels/1",
  "/stations/MCS-0042/channels/2",
  "/stations/MCS-0043",
  "/stations/MCS-0043?confirm=changeMode",
  "/stations/MCS-0043/network",
  "/stations/MCS-0043/channels/1",
  "/stations/MCS-0044",
  "/stations/MCS-0044/firmware",
  "/stations/MCS-0045",
  "/stations/MCS-0046",
  "/stations/MCS-0047",
  "/stations/MCS-0048",
  "/stations/MCS-0048/firmware",
  "/stations/MCS-0012",
  "/stations/MCS-0012/network",
  "/stations/MCS-0050",
  "/stations/MCS-9999",
  "/appView",
  "/appView/signs",
  "/appView/signs?station=MCS-0042&channel=2&layout=a6&pins=1",
  "/appView/signs?layout=wall&pins=1",
  "/moderation",
  "/moderation/MCS-0043/1",
  "/settings",
  "/settings/backup",
  "/settings/restore",
  "/apiTokens",
  "/appCustomization",
  "/auditLog",
  "/firmware/rollouts",
  "/listening",
  "/listening?range=week",
  "/listening/events",
  firstEventReport,
  `${firstEventReport}/print`,
  "/alerts",
  "/alerts/rules",
  "/alerts/destinations",
  "/alerts/deliveries",
  "/no/such/page",
] as const;

export const moderatorPages = ["/appView", "/moderation", "/moderation/MCS-0043/1", "/alerts"] as const;

/** The admin's pages axe checks with JavaScript (light and dark) and without (light). */
export const accessibilityPages = [
  "/dashboard",
  "/stations",
  "/stations?confirm=clearRejected",
  "/stations/bulk?action=reboot",
  "/stations/MCS-0042",
  "/stations/MCS-0042?confirm=reboot",
  "/stations/MCS-0042/network",
  "/stations/MCS-0042/log",
  "/stations/MCS-0042/firmware",
  "/stations/MCS-0042/channels/1",
  "/stations/MCS-0012",
  "/stations/MCS-9999",
  "/appView",
  "/appView/signs",
  "/moderation",
  "/moderation/MCS-0043/1",
  "/settings",
  "/apiTokens",
  "/appCustomization",
  "/auditLog",
  "/settings/backup",
  "/settings/restore",
  "/firmware/rollouts",
  "/listening",
  "/listening/events",
  firstEventReport,
  `${firstEventReport}/print`,
  "/alerts",
  "/alerts/rules",
  "/alerts/destinations",
  "/alerts/deliveries",
  "/no/such/page",
] as const;

/** Stations whose page shows a state badge of its own (update required, unsupported, …). */
export const stateBadgePages = [
  "/stations/MCS-0042",
  "/stations/MCS-0044",
  "/stations/MCS-0045",
  "/stations/MCS-0046",
  "/stations/MCS-0048",
  "/stations/MCS-0012",
  "/stations/MCS-0050",
] as const;

/** Every sort order of the stations list: each puts the states on other stripes. */
export const stationsSortOrders = ["name", "status", "firmwareVersion", "ip", "channelsInUse"].flatMap((sort) =>
  (["asc", "desc"] as const).map((order) => `/stations?sort=${sort}&order=${order}`),
);

/** The tables a kiosk scrolls sideways at 800, 1024 and 1280 px. */
export const wideTables = [
  { path: "/stations", table: "Stations" },
  { path: "/apiTokens", table: "API tokens" },
  { path: "/moderation", table: "Channels to moderate" },
  { path: "/stations/MCS-0042", table: "Channels of this station" },
  { path: "/stations/MCS-0042/log", table: "Events of this station" },
  { path: "/listening", table: "Channels" },
] as const;

/** Tables whose rows are striped or coloured when hovered, on a page that shows each. */
export const rowColourTables = [
  ...stationsSortOrders.map((path) => ({ path, table: "Stations" })),
  { path: "/apiTokens", table: "API tokens" },
  { path: "/moderation", table: "Channels to moderate" },
  { path: "/stations/MCS-0042/log", table: "Events of this station" },
  { path: "/stations/MCS-0043", table: "Channels of this station" },
] as const;

/** What text browsers read (w3m, lynx): the admin's pages as the server sends them. */
export const textBrowserPages = [
  "/dashboard",
  "/stations",
  "/stations?confirm=accept&station=MCS-0047",
  "/stations/MCS-0042",
  "/stations/MCS-0043",
  "/stations/MCS-0042/network",
  "/stations/MCS-0042/log",
  "/stations/MCS-0042/firmware",
  "/stations/MCS-0042/channels/1",
  "/appView",
  "/moderation",
  "/moderation/MCS-0043/1",
  "/settings",
  "/apiTokens",
  "/apiTokens?dialog=addToken",
  "/appCustomization",
  // The sign-ins: the log's table and filters, without the random values other tests record.
  "/auditLog?action=session.signIn",
  "/firmware/rollouts",
  "/settings/backup",
  "/settings/restore",
  "/listening",
  "/listening/events",
  firstEventReport,
  "/alerts",
  "/alerts/rules",
  "/alerts/destinations",
  "/alerts/deliveries",
] as const;
