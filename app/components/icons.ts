// The icons the console uses, each from its own module of @tabler/icons-react: the package's
// index holds all ~6,000, which the server would load into memory whole (+60 MB; its CommonJS
// entry cannot be tree-shaken). Import icons from here; ESLint forbids the package's index
// (docs/decisions/018-graceful-shutdown-and-memory.md). A new icon is one more line.
export { default as IconAlertOctagon } from "@tabler/icons-react/dist/esm/icons/IconAlertOctagon.mjs";
export { default as IconAlertTriangle } from "@tabler/icons-react/dist/esm/icons/IconAlertTriangle.mjs";
export { default as IconApi } from "@tabler/icons-react/dist/esm/icons/IconApi.mjs";
export { default as IconApps } from "@tabler/icons-react/dist/esm/icons/IconApps.mjs";
export { default as IconArrowBackUp } from "@tabler/icons-react/dist/esm/icons/IconArrowBackUp.mjs";
export { default as IconArrowDown } from "@tabler/icons-react/dist/esm/icons/IconArrowDown.mjs";
export { default as IconArrowLeft } from "@tabler/icons-react/dist/esm/icons/IconArrowLeft.mjs";
export { default as IconArrowUp } from "@tabler/icons-react/dist/esm/icons/IconArrowUp.mjs";
export { default as IconArrowsSort } from "@tabler/icons-react/dist/esm/icons/IconArrowsSort.mjs";
export { default as IconBell } from "@tabler/icons-react/dist/esm/icons/IconBell.mjs";
export { default as IconBroadcast } from "@tabler/icons-react/dist/esm/icons/IconBroadcast.mjs";
export { default as IconBrush } from "@tabler/icons-react/dist/esm/icons/IconBrush.mjs";
export { default as IconHistory } from "@tabler/icons-react/dist/esm/icons/IconHistory.mjs";
export { default as IconChartLine } from "@tabler/icons-react/dist/esm/icons/IconChartLine.mjs";
export { default as IconCheck } from "@tabler/icons-react/dist/esm/icons/IconCheck.mjs";
export { default as IconCloudUpload } from "@tabler/icons-react/dist/esm/icons/IconCloudUpload.mjs";
export { default as IconCopy } from "@tabler/icons-react/dist/esm/icons/IconCopy.mjs";
export { default as IconDeviceFloppy } from "@tabler/icons-react/dist/esm/icons/IconDeviceFloppy.mjs";
export { default as IconDeviceMobile } from "@tabler/icons-react/dist/esm/icons/IconDeviceMobile.mjs";
export { default as IconDownload } from "@tabler/icons-react/dist/esm/icons/IconDownload.mjs";
export { default as IconGripVertical } from "@tabler/icons-react/dist/esm/icons/IconGripVertical.mjs";
export { default as IconHeadphones } from "@tabler/icons-react/dist/esm/icons/IconHeadphones.mjs";
export { default as IconHelpCircle } from "@tabler/icons-react/dist/esm/icons/IconHelpCircle.mjs";
export { default as IconInfoCircle } from "@tabler/icons-react/dist/esm/icons/IconInfoCircle.mjs";
export { default as IconLayoutDashboard } from "@tabler/icons-react/dist/esm/icons/IconLayoutDashboard.mjs";
export { default as IconLock } from "@tabler/icons-react/dist/esm/icons/IconLock.mjs";
export { default as IconLogout } from "@tabler/icons-react/dist/esm/icons/IconLogout.mjs";
export { default as IconMenu2 } from "@tabler/icons-react/dist/esm/icons/IconMenu2.mjs";
export { default as IconMicrophone } from "@tabler/icons-react/dist/esm/icons/IconMicrophone.mjs";
export { default as IconMicrophoneOff } from "@tabler/icons-react/dist/esm/icons/IconMicrophoneOff.mjs";
export { default as IconMoon } from "@tabler/icons-react/dist/esm/icons/IconMoon.mjs";
export { default as IconPhotoUp } from "@tabler/icons-react/dist/esm/icons/IconPhotoUp.mjs";
export { default as IconPlayerTrackNext } from "@tabler/icons-react/dist/esm/icons/IconPlayerTrackNext.mjs";
export { default as IconPlus } from "@tabler/icons-react/dist/esm/icons/IconPlus.mjs";
export { default as IconPrinter } from "@tabler/icons-react/dist/esm/icons/IconPrinter.mjs";
export { default as IconQrcode } from "@tabler/icons-react/dist/esm/icons/IconQrcode.mjs";
export { default as IconRefresh } from "@tabler/icons-react/dist/esm/icons/IconRefresh.mjs";
export { default as IconRestore } from "@tabler/icons-react/dist/esm/icons/IconRestore.mjs";
export { default as IconSearch } from "@tabler/icons-react/dist/esm/icons/IconSearch.mjs";
export { default as IconServer } from "@tabler/icons-react/dist/esm/icons/IconServer.mjs";
export { default as IconSettings } from "@tabler/icons-react/dist/esm/icons/IconSettings.mjs";
export { default as IconSun } from "@tabler/icons-react/dist/esm/icons/IconSun.mjs";
export { default as IconTrash } from "@tabler/icons-react/dist/esm/icons/IconTrash.mjs";
export { default as IconX } from "@tabler/icons-react/dist/esm/icons/IconX.mjs";
