// One printed sign: the app's logo on its background colour, the channel's name, its QR code as
// large as the sign allows, its channel ID, PIN — printed when chosen, else, for a channel that
// has one, that it is needed and whom to ask — and station, and — on the cards — how to join, in
// the sign's language(s). Every word is near-black on white (app/domain/signs.ts, signInk); the
// branding frames it. The wall sign (A4, one per page) is read from across a room: the name in
// type of 20 mm capitals, a code of 150 mm, and no step list (it is read up close on the cards).
// A long name wraps, then shrinks (nameSizeMm), so nothing is pushed off the sign.
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { nameSizeMm, type SignLayout } from "~/domain/signs";
import type { Sign, SignTexts } from "./signs.server";

/** A fact in every language of the sign ("Channel ID / Kanal-ID"), the languages' words once each. */
function labelOf(texts: SignTexts[], key: "station" | "channelId" | "pin" | "pinAsk") {
  return [...new Set(texts.map((text) => text[key]))].join(" / ");
}

function Logo() {
  const { t } = useTranslation("moderation");
  return (
    <svg className="venue-sign-logo" viewBox="0 0 200 100" role="img" aria-label={t("signs.sign.logo")}>
      <use href="#venue-sign-logo" />
    </svg>
  );
}

export function SignCard({ sign, texts, layout }: { sign: Sign; texts: SignTexts[]; layout: SignLayout }) {
  const { t } = useTranslation("moderation");
  const nameId = `sign-${sign.id}`;
  const both = texts.length > 1;
  const isWall = layout === "wall";
  const nameSize = { "--sign-name-size": `${nameSizeMm(sign.name, layout)}mm` } as CSSProperties;
  return (
    <article className="venue-sign" data-layout={layout} aria-labelledby={nameId} data-testid="venue-sign">
      {isWall ? null : (
        <div className="venue-sign-band" data-testid="sign-band">
          <Logo />
        </div>
      )}
      <div className="venue-sign-body">
        <h2 className="venue-sign-name" id={nameId} style={nameSize}>
          {sign.name}
        </h2>
        <p className="venue-sign-scan">
          {texts.map((text, offset) => (
            <span key={text.language} lang={text.language}>
              {offset > 0 ? " · " : null}
              {text.scan}
            </span>
          ))}
        </p>
        <img className="venue-sign-qr" src={sign.qrCode} alt={t("signs.sign.qrAlt", { name: sign.name })} />
        <div className="venue-sign-footer">
          {isWall ? (
            <div className="venue-sign-band" data-testid="sign-band">
              <Logo />
            </div>
          ) : null}
          <dl className="venue-sign-facts">
            <div>
              <dt>{labelOf(texts, "channelId")}</dt>
              <dd className="venue-sign-code">{sign.channelId}</dd>
            </div>
            {sign.pin ? (
              <div>
                <dt>{labelOf(texts, "pin")}</dt>
                <dd className="venue-sign-code" data-testid="sign-pin">
                  {sign.pin}
                </dd>
              </div>
            ) : sign.pinNeeded ? (
              <div>
                <dt>{labelOf(texts, "pin")}</dt>
                <dd className="venue-sign-pin-needed" data-testid="sign-pin-needed">
                  {labelOf(texts, "pinAsk")}
                </dd>
              </div>
            ) : null}
            <div className="venue-sign-station">
              <dt>{labelOf(texts, "station")}</dt>
              <dd>{sign.station}</dd>
            </div>
          </dl>
        </div>
        {isWall ? null : (
          <div className="venue-sign-steps" data-languages={both ? "2" : "1"}>
            {texts.map((text) => (
              <ol key={text.language} lang={text.language}>
                <li>{text.scanStep}</li>
                <li>{text.channelIdStep}</li>
                {sign.pin ? <li>{text.pinStep}</li> : sign.pinNeeded ? <li>{text.pinAskStep}</li> : null}
              </ol>
            ))}
          </div>
        )}
      </div>
    </article>
  );
}
