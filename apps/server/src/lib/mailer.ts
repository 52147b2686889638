import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface Mail {
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  attachment?: { filename: string; content: Buffer };
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Bytes: a larger file is sent as a link instead. */
  attachmentLimit: number;
}

/** Email through the SMTP server of SMTP_URL; null when email is off (no SMTP_URL). */
export function createMailer(smtp: Config['smtp']): Mailer | null {
  if (!smtp) return null;
  const transport = nodemailer.createTransport(smtp.url);
  return {
    attachmentLimit: smtp.attachmentLimit,
    async send(mail) {
      await transport.sendMail({
        from: smtp.from,
        to: mail.to,
        cc: mail.cc,
        subject: mail.subject,
        text: mail.text,
        attachments: mail.attachment ? [mail.attachment] : [],
      });
    },
  };
}
