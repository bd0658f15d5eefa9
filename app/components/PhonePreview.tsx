// The listening app as its users will see it, in an iPhone frame (administration.md §2): the
// channel list with the customization's logo and colours and 3 sample channels, and — when
// onboarding screens exist — the first onboarding screen beside it (frame ratio 924 : 456).
import { IconHeadphones, IconLock } from "~/components/icons";
import { useTranslation } from "react-i18next";
import { defaultColours, fontColourHex, isWhitish } from "~/domain/colours";
import { defaultLogoDataUrl } from "~/components/default-logo";
import { Text } from "~/components/ui/text";

export interface PhonePreviewProps {
  logo: string | null;
  backgroundColor: string;
  highlightColor: string;
  fontColor: "light" | "dark";
  /** The first onboarding screen, if any. */
  onboarding?: { headline: string; text: string; picture: string | null } | null;
  /** Real channel names to show instead of the samples. */
  channels?: string[];
}

function Phone({ children, label, background }: { children: React.ReactNode; label: string; background: string }) {
  return (
    <div className="phone-frame" aria-label={label} role="group">
      <div className="phone-screen" style={{ background }}>
        <span className="phone-notch" aria-hidden="true" />
        {children}
      </div>
    </div>
  );
}

export function PhonePreview({
  logo,
  backgroundColor,
  highlightColor,
  fontColor,
  onboarding,
  channels,
}: PhonePreviewProps) {
  const { t } = useTranslation();
  const background = `#${backgroundColor || defaultColours.backgroundColor}`;
  const highlight = `#${highlightColor || defaultColours.highlightColor}`;
  const text = `#${fontColourHex[fontColor]}`;
  const samples = channels?.length
    ? channels.slice(0, 3)
    : [0, 1, 2].map((index) => t(`phonePreview.sampleChannels.${index}`));
  const bordered = isWhitish(backgroundColor);

  return (
    <figure className="phone-preview" data-testid="phone-preview">
      <Text component="figcaption" className="phone-preview-banner" size="sm" fw={700}>
        {t("phonePreview.banner")}
      </Text>
      <div className="phone-preview-row">
        <Phone label={t("phonePreview.channelList")} background={background}>
          <div className="phone-header" style={{ borderBottom: `3px solid ${highlight}` }}>
            <img
              src={logo ?? defaultLogoDataUrl}
              alt={t("phonePreview.logo")}
              className="phone-logo"
              style={bordered ? { outline: "1px solid #868e96" } : undefined}
              data-testid="phone-preview-logo"
            />
          </div>
          <ul className="phone-channels" style={{ color: text }}>
            {samples.map((name, index) => (
              <li key={`${name}-${index}`} className="phone-channel">
                <span className="phone-channel-icon" style={{ background: highlight }} aria-hidden="true">
                  <IconHeadphones size={14} color="#FFFFFF" />
                </span>
                <span className="phone-channel-name">{name}</span>
                {index === 2 ? <IconLock size={14} role="img" aria-label={t("phonePreview.pinProtected")} /> : null}
              </li>
            ))}
          </ul>
        </Phone>
        {onboarding && (onboarding.headline || onboarding.text || onboarding.picture) ? (
          <Phone label={t("phonePreview.onboarding")} background={background}>
            <div className="phone-onboarding" style={{ color: text }}>
              {onboarding.picture ? <img src={onboarding.picture} alt="" className="phone-onboarding-picture" /> : null}
              <p className="phone-onboarding-headline">{onboarding.headline}</p>
              <p className="phone-onboarding-text">{onboarding.text}</p>
              <span className="phone-onboarding-dots" aria-hidden="true">
                <span style={{ background: highlight }} />
                <span />
                <span />
              </span>
            </div>
          </Phone>
        ) : null}
      </div>
    </figure>
  );
}
