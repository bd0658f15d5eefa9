// An SMTP server for the alerts' e-mail tests (issue 36): a real one (smtp-server) on loopback that
// keeps every message it takes, parsed with mailparser — its subject, text and HTML parts.
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

export interface SmtpReceiver {
  received: ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtpReceiver(port: number): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to.map((entry) => entry.text).join(", ") : (mail.to?.text ?? "");
          received.push({
            to,
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
            messageId: mail.messageId ?? "",
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
